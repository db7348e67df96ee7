import ArgumentParser
import Dispatch
import Logging
import NIOCore
import NIOPosix
import RestRun
import RestRunMock
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `rest-run [run] FILE|DIR...`: runs request files and checks every response.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run request files (a directory stands for its *.yaml and *.yml files).")

    @OptionGroup var input: InputOptions

    @OptionGroup var variableOptions: VariableOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: [.short, .long], help: "Show each request and response line with headers (Authorization redacted).")
    var verbose = false

    @Flag(name: .customLong("very-verbose"), help: "Like --verbose, with bodies.")
    var veryVerbose = false

    @Option(help: ArgumentHelp("Default timeout of every request, such as 5s (a file's options win).", valueName: "DURATION"))
    var timeout: String?

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Default largest response body, such as 10MB (a file's options win).", valueName: "SIZE"))
    var maxBody: String?

    @Flag(help: "Do not check TLS certificates.")
    var insecure = false

    @Option(help: ArgumentHelp("Run this many files at once (requests inside a file stay in order).", valueName: "N"))
    var jobs = 1

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first failing request.")
    var failFast = false

    @Option(help: ArgumentHelp("Run the whole set this many times; a request that runs more than once gets p50, p90, p99 and max in the summary and reports.", valueName: "N"))
    var `repeat` = 1

    @Option(help: ArgumentHelp("First run the whole set this many times, not reported or counted (warms connections and caches).", valueName: "N"))
    var warmup = 0

    @Option(help: ArgumentHelp("Run only shard K of N: files K, K+N, K+2N, ... of the sorted file list, so N CI jobs together run every file once.", valueName: "K/N"))
    var shard: String?

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report.", valueName: "FILE"))
    var reportJUnit: String?

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP 13 report.", valueName: "FILE"))
    var reportTAP: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report.", valueName: "FILE"))
    var reportJSON: String?

    @Option(name: .customLong("report-coverage"), help: ArgumentHelp("Write which OpenAPI operations and responses the run exercised, as JSON (files with openapi:).", valueName: "FILE"))
    var reportCoverage: String?

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail (exit 4) when fewer than this percentage of the OpenAPI operations were exercised.", valueName: "PERCENT"))
    var minCoverage: Double?

    @Flag(name: .customLong("dry-run"), help: "Validate, and print each request as a curl command (secrets redacted); send nothing.")
    var dryRun = false

    @Option(name: .customLong("tag"), help: ArgumentHelp("Run only requests with this tag; repeatable (any of them).", valueName: "TAG"))
    var tags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: ArgumentHelp("Leave out requests with this tag; repeatable (it wins over --tag).", valueName: "TAG"))
    var excludedTags: [String] = []

    @Option(name: .customLong("name"), help: ArgumentHelp("Run only requests whose name matches (* and ? wildcards, else a substring); repeatable.", valueName: "PATTERN"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Start the embedded mock server first, serving a routes file or an OpenAPI spec; its URL is {{mock_url}} and the default base_url.", valueName: "ROUTES"))
    var mock: String?

    func validate() throws {
        if let minCoverage, !(0...100).contains(minCoverage) {
            throw ValidationError("--min-coverage takes a percentage from 0 to 100, not \(CoverageReport.format(minCoverage))")
        }
        if let timeout, DurationText.parse(timeout) == nil {
            throw ValidationError("--timeout takes \(DurationText.expectation), not '\(timeout)'")
        }
        if let maxBody, ByteCount.parse(maxBody) == nil {
            throw ValidationError("--max-body takes \(ByteCount.expectation), not '\(maxBody)'")
        }
        if verbose && output.quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes a number from 1 to 256") }
        guard (1...100_000).contains(self.repeat) else { throw ValidationError("--repeat takes a number from 1 to 100000") }
        guard (0...10_000).contains(warmup) else { throw ValidationError("--warmup takes a number from 0 to 10000") }
        if let shard, Self.parseShard(shard) == nil {
            throw ValidationError("--shard takes K/N with 1 <= K <= N, such as 1/3, not '\(shard)'")
        }
        for (flag, path) in [("--report-junit", reportJUnit), ("--report-tap", reportTAP), ("--report-json", reportJSON)] {
            guard let path else { continue }
            let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
            if !directory.isEmpty, !FileSystem.isDirectory(directory) {
                throw ValidationError("\(flag): the folder '\(directory)' does not exist")
            }
        }
    }

    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        return (index, count)
    }

    func run() async throws {
        var paths = try input.files()
        if let shard, let (index, count) = Self.parseShard(shard) {
            let total = paths.count
            paths = paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
            if paths.isEmpty {
                throw ValidationError(
                    "--shard \(shard) selects no file: there \(total == 1 ? "is 1 file" : "are \(total) files") for \(count) shards")
            }
        }
        let context = try CommandContext(paths: paths, variables: variableOptions, output: output)
        var session = context.session
        let (stdout, stderr, printer) = (context.stdout, context.stderr, context.printer)
        var server: MockServer?
        if let mock {
            server = try await Self.startMock(mock, printer: printer, stderr: stderr)
            if let server, session.variables["mock_url"] == nil { session.variables["mock_url"] = .string(server.url) }
        }
        session.environment = variableOptions.environment(over: ProcessEnvironment.current, variables: session.variables)
        session.defaults.timeout = timeout.flatMap(DurationText.parse)
        session.defaults.maxBody = maxBody.flatMap(ByteCount.parse)
        if insecure { session.defaults.insecure = true }
        session.filter = RequestFilter(tags: Set(tags), namePatterns: names, excludedTags: Set(excludedTags))
        session.jobs = jobs
        session.repeats = self.repeat
        session.warmups = warmup
        session.failFast = failFast
        session.keepsAllBodies = veryVerbose
        session.delegates = PluginStore.delegates()
        if verbose || veryVerbose { session.delegates.append(session.loggingDelegate(to: stderr, showsBodies: veryVerbose)) }

        let code = await run(session, stdout: stdout, stderr: stderr, printer: printer)
        await server?.shutdown()
        if code != .success { throw ArgumentParser.ExitCode(code.rawValue) }
    }

    /// The session's stages, with the console, the reports and Ctrl-C around them.
    private func run(_ session: RunSession, stdout: any TextSink, stderr: any TextSink, printer: DiagnosticPrinter) async -> RestRun.ExitCode {
        let loaded = session.load()
        if !loaded.invalid.isEmpty {
            printer.print(DiagnosticList(loaded.invalid.flatMap(\.problems)))
            stderr.write("\(loaded.invalid.count) of \(session.paths.count) file\(session.paths.count == 1 ? "" : "s") invalid"
                + (loaded.files.isEmpty ? "; nothing was sent\n" : "; running the others\n"))
        }
        variableOptions.warnAboutUnused(referenced: loaded.referencedNames, to: stderr, colors: output.colors(for: stderr))
        let plan: [RequestFile]
        do {
            plan = try session.plan(loaded)
        } catch {
            stderr.write("error: \(error)\n")
            return .usage
        }
        let colors = output.colors(for: stdout)
        if dryRun {
            let dry = DryRun(runner: session.runner(), delegates: PluginStore.delegates())
            for file in loaded.files { stdout.write(DryRunRenderer.render(await dry.entries(for: file), colors: colors)) }
            return loaded.invalid.isEmpty ? .success : .invalidFile
        }
        let totalRequests = plan.reduce(0) { total, file in total + file.requests.count }
        let showsProgress = stdout.isTerminal && !output.quiet && !verbose && !veryVerbose
            && ProcessEnvironment.current["CI"] == nil && totalRequests > 5
        let reporter = ConsoleReporter(
            sink: stdout, colors: colors, detail: output.quiet ? .quiet : .normal, showsFileHeaders: plan.count > 1,
            groupsByFile: jobs > 1, progressTotals: showsProgress ? (plan.count, totalRequests) : nil)

        let start = ContinuousClock.now
        let work = Task { try await session.execute(plan, observer: reporter) }
        let interruption = Interruption { work.cancel() }
        let executed: [FileResult]
        do {
            executed = try await work.value
        } catch {
            interruption.end()
            stderr.write("error: \(String(describing: error))\n")
            return .runtimeError
        }
        interruption.end()
        let results = loaded.invalid + executed
        reporter.finish(results, duration: ContinuousClock.now - start, interrupted: interruption.happened)
        if ProcessEnvironment.current["GITHUB_ACTIONS"] == "true" {
            stdout.write(GitHubAnnotations.render(results))
        }
        var specs: [OpenAPISpec] = []
        for spec in plan.compactMap(\.contract?.spec) where !specs.contains(where: { $0 === spec }) { specs.append(spec) }
        let coverage = specs.isEmpty ? nil : CoverageReport(specs)
        if let coverage, !output.quiet { stdout.write(coverage.table(colors: colors)) }
        var writer = ReportWriter(junit: reportJUnit, tap: reportTAP, json: reportJSON, redactor: session.redactor)
        writer.coverage = coverage
        writer.coverageFile = reportCoverage
        let problems = writer.write(results)
        for problem in problems { stderr.write("error: \(problem)\n") }
        if interruption.happened { return .interrupted }
        var code = max(RunSummary(results).exitCode, problems.isEmpty ? .success : .usage)
        if let minCoverage {
            if let sentence = CoverageGate.failure(coverage, minimum: minCoverage) {
                stderr.write("error: \(sentence)\n")
                code = max(code, .expectationFailed)
            }
        }
        return code
    }

    /// Loads the routes file and starts the mock server on 127.0.0.1.
    private static func startMock(_ path: String, printer: DiagnosticPrinter, stderr: any TextSink) async throws -> MockServer {
        let routes: any MockResponder
        do {
            routes = try MockSource.load(path: path)
        } catch {
            printer.print(error)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        do {
            return try await MockServer.start(responder: routes)
        } catch {
            stderr.write("error: the mock server could not start: \(error)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
        }
    }
}
