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
        abstract: "Run request files (a directory stands for the request files in it and its subfolders).")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: [.short, .long], help: "Show each request and response line with headers (Authorization redacted).")
    var verbose = false

    @Flag(name: .customLong("very-verbose"), help: "Like --verbose, with bodies.")
    var veryVerbose = false

    @Option(help: ArgumentHelp("Default timeout of every request: seconds (5) or a duration (500ms, 2m); a file's options win.", valueName: "DURATION"))
    var timeout: String?

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("Default time to connect: seconds (2) or a duration (500ms); a file's options win.", valueName: "DURATION"))
    var connectTimeout: String?

    @Flag(name: [.customShort("L"), .customLong("follow-redirects")], help: "Follow redirects (up to 50) where a file does not say otherwise.")
    var followRedirects = false

    @Option(help: ArgumentHelp("Retry a failed request up to N times (N + 1 attempts, as curl's and Hurl's --retry) where a file sets no retry:.", valueName: "N"))
    var retry: Int?

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp("Send this header with every request whose file or request does not set it; repeatable.", valueName: "'NAME: VALUE'"))
    var headers: [String] = []

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Default largest response body, such as 10MB (a file's options win).", valueName: "SIZE"))
    var maxBody: String?

    @Flag(help: "Do not check TLS certificates.")
    var insecure = false

    @Option(help: ArgumentHelp("Trust the certificate authorities in this PEM file instead of the system's, where a file sets no tls: ca.", valueName: "FILE"), completion: .file(extensions: ["pem", "crt"]))
    var cacert: String?

    @Option(help: ArgumentHelp("Send every request through this HTTP proxy (https:// ones with CONNECT); \"\" for none. Default: HTTP_PROXY, HTTPS_PROXY and NO_PROXY.", valueName: "URL"))
    var proxy: String?

    @Option(help: ArgumentHelp("Connect to ADDR for HOST (as curl's --resolve), the certificate still checked for HOST; repeatable.", valueName: "HOST:PORT:ADDR"))
    var resolve: [String] = []

    // `jobs`, `repeat` and `warmup` are optional, their defaults written in their help: for an
    // `Int` default, ArgumentParser's description of it costs the Swift runtime four searches of
    // every conformance in the binary at start-up (~0.8 M instructions).
    @Option(name: .customLong("jobs"), help: ArgumentHelp("Run this many files at once (requests inside a file stay in order). (default: 1)", valueName: "N"))
    var jobsGiven: Int?

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first failing request.")
    var failFast = false

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Run the whole set this many times; a request that runs more than once gets p50, p90, p99 and max in the summary and reports. (default: 1)", valueName: "N"))
    var repeatGiven: Int?

    @Option(name: .customLong("warmup"), help: ArgumentHelp("First run the whole set this many times, not reported or counted (warms connections and caches). (default: 0)", valueName: "N"))
    var warmupGiven: Int?

    /// `--jobs`, 1 unless given.
    var jobs: Int { jobsGiven ?? 1 }
    /// `--repeat`, 1 unless given.
    var `repeat`: Int { repeatGiven ?? 1 }
    /// `--warmup`, 0 unless given.
    var warmup: Int { warmupGiven ?? 0 }

    @Option(help: ArgumentHelp("Run only shard K of N: files K, K+N, K+2N, ... of the sorted file list, so N CI jobs together run every file once.", valueName: "K/N"))
    var shard: String?

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJUnit: String?

    @Option(name: .customLong("junit-family"), help: ArgumentHelp("The JUnit report's attributes: strict (what Jenkins' xUnit schema accepts) or gitlab (file and line on each test case).", valueName: "FAMILY"))
    var junitFamily: JUnitFamily = .strict

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP 13 report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportTAP: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJSON: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write an HTML report: one self-contained page with every request, timing bars and failures (- for standard output).", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var reportHTML: String?

    @Option(name: .customLong("report-coverage"), help: ArgumentHelp("Write which OpenAPI operations and responses the run exercised, as JSON (files with openapi:).", valueName: "FILE"), completion: .file(extensions: ["json"]))
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

    @Option(help: ArgumentHelp("Start the embedded mock server first, serving a routes file or an OpenAPI spec; its URL is {{mock_url}} and the default base_url.", valueName: "ROUTES|SPEC"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var mock: String?

    func validate() throws {
        if let minCoverage, !(0...100).contains(minCoverage) {
            throw ValidationError("--min-coverage takes a percentage from 0 to 100, not \(CoverageReport.format(minCoverage))")
        }
        for (flag, text) in [("--timeout", timeout), ("--connect-timeout", connectTimeout)] {
            if let text, Self.seconds(text) == nil {
                throw ValidationError("\(flag) takes a number of seconds (5) or \(DurationText.expectation), not '\(text)'")
            }
        }
        for entry in resolve where Self.resolveEntry(entry) == nil {
            throw ValidationError("--resolve takes HOST:PORT:ADDR, such as api.example.com:443:127.0.0.1, not '\(entry)'")
        }
        if let cacert, let problem = FileSystem.readableFileProblem(cacert) { throw ValidationError("--cacert: \(problem)") }
        if let retry, !(0...100).contains(retry) { throw ValidationError("--retry takes a number of retries from 0 to 100, not \(retry)") }
        for header in headers where Self.header(header) == nil {
            throw ValidationError("--header takes 'Name: value' (such as -H 'Accept: application/json'), not '\(header)'")
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
        let toStandardOutput = reportFlags.filter { $0.path == "-" }.map(\.flag)
        if toStandardOutput.count > 1 {
            throw ValidationError("only one report can go to standard output, not \(toStandardOutput.joined(separator: " and "))")
        }
    }

    /// Every report flag with its path.
    private var reportFlags: [(flag: String, path: String)] {
        [("--report-junit", reportJUnit), ("--report-tap", reportTAP), ("--report-json", reportJSON), ("--report-html", reportHTML), ("--report-coverage", reportCoverage)]
            .compactMap { flag, path in path.map { (flag, $0) } }
    }

    /// A duration on the command line: `5` (seconds, as curl and Hurl take it) or `500ms`, `2m`.
    static func seconds(_ text: String) -> Duration? {
        if let duration = DurationText.parse(text) { return duration }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text), value.isFinite else { return nil }
        return DurationText.parse("\(value)s")
    }

    /// `HOST:PORT:ADDR` (an IPv6 address in brackets); the port must be a number, and the
    /// mapping holds for the host on every port.
    static func resolveEntry(_ text: String) -> (host: String, address: String)? {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port), !parts[2].isEmpty else { return nil }
        var address = String(parts[2])
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        return (String(parts[0]).lowercased(), address)
    }

    /// `Name: value` as curl's `-H` takes it: a header name (a token), a colon, the value.
    static func header(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = String(text[..<colon])
        let tokenCharacters = "!#$%&'*+-.^_`|~"
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || tokenCharacters.unicodeScalars.contains($0)) })
        else { return nil }
        let value = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        return (name, String(value))
    }

    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        return (index, count)
    }

    func run() async throws {
        Interruption.listen()
        var paths = try input.files()
        if let shard, let (index, count) = Self.parseShard(shard) {
            let total = paths.count
            paths = paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
            if paths.isEmpty {
                throw ValidationError(
                    "--shard \(shard) selects no file: there \(total == 1 ? "is 1 file" : "are \(total) files") for \(count) shards")
            }
        }
        let context = try CommandContext(
            paths: paths, input: input, output: output, reportsToStandardOutput: reportFlags.contains { $0.path == "-" })
        var session = context.session
        let (stdout, stderr, printer) = (context.stdout, context.stderr, context.printer)
        let reportOutput = context.reportOutput
        var server: MockServer?
        if let mock {
            server = try await Self.startMock(mock, printer: printer, stderr: stderr)
            if let server, session.variables["mock_url"] == nil { session.variables["mock_url"] = .string(server.url) }
        }
        session.environment = input.environment(over: ProcessEnvironment.current, variables: session.variables)
        session.defaults.timeout = timeout.flatMap(Self.seconds)
        session.defaults.connectTimeout = connectTimeout.flatMap(Self.seconds)
        if followRedirects { session.defaults.followRedirects = 50 }
        if let retry { session.defaultRetry = RetryPolicy(attempts: retry + 1) }
        session.headers = headers.compactMap(Self.header)
        session.defaults.maxBody = maxBody.flatMap(ByteCount.parse)
        if insecure { session.defaults.insecure = true }
        session.defaults.caFile = cacert
        do {
            session.proxy = try ProxyRules.from(flag: proxy, environment: ProcessEnvironment.current)
        } catch {
            throw ValidationError(error.description)
        }
        for entry in resolve { if let (host, address) = Self.resolveEntry(entry) { session.resolve[host] = address } }
        session.filter = RequestFilter(tags: Set(tags), namePatterns: names, excludedTags: Set(excludedTags))
        session.jobs = jobs
        session.repeats = self.repeat
        session.warmups = warmup
        session.failFast = failFast
        session.keepsAllBodies = veryVerbose
        session.delegates = PluginStore.delegates()
        if verbose || veryVerbose { session.delegates.append(session.loggingDelegate(to: stderr, showsBodies: veryVerbose)) }

        let code = await run(session, stdout: stdout, stderr: stderr, reportOutput: reportOutput, printer: printer)
        await server?.shutdown()
        if code != .success { throw ArgumentParser.ExitCode(code.rawValue) }
    }

    /// The session's stages, with the console, the reports and Ctrl-C around them.
    private func run(
        _ session: RunSession, stdout: any TextSink, stderr: any TextSink, reportOutput: any TextSink, printer: DiagnosticPrinter
    ) async -> RestRun.ExitCode {
        let loaded = await session.load()
        ProcessLifetime.keep(loaded)
        if !loaded.invalid.isEmpty {
            printer.print(DiagnosticList(loaded.invalid.flatMap(\.problems)))
            stderr.write("\(loaded.invalid.count) of \(session.paths.count) file\(session.paths.count == 1 ? "" : "s") invalid"
                + (loaded.files.isEmpty ? "; nothing was sent\n" : "; running the others\n"))
        }
        input.warnAboutUnused(referenced: loaded.referencedNames, to: stderr, colors: output.colors(for: stderr))
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
        ProcessLifetime.keep(results)
        reporter.finish(results, duration: ContinuousClock.now - start, interrupted: interruption.happened)
        if ProcessEnvironment.current["GITHUB_ACTIONS"] == "true" {
            stdout.write(GitHubAnnotations.render(results))
        }
        var specs: [OpenAPISpec] = []
        for spec in plan.compactMap(\.contract?.spec) where !specs.contains(where: { $0 === spec }) { specs.append(spec) }
        let coverage = specs.isEmpty ? nil : CoverageReport(specs)
        if let coverage, !output.quiet { stdout.write(coverage.table(colors: colors)) }
        var writer = ReportWriter(junit: reportJUnit, tap: reportTAP, json: reportJSON, redactor: session.redactor)
        writer.junitFamily = junitFamily
        writer.html = reportHTML
        writer.standardOutput = reportOutput
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

/// `--junit-family`'s values.
typealias JUnitFamily = JUnitReport.Family

extension JUnitReport.Family: ChoiceArgument {}
