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

    @Argument(help: "Request files or directories.")
    var paths: [String]

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

    @Option(help: ArgumentHelp("Run the whole set this many times.", valueName: "N"))
    var `repeat` = 1

    @Option(help: ArgumentHelp("Run only shard K of N: files K, K+N, K+2N, ... of the sorted file list, so N CI jobs together run every file once.", valueName: "K/N"))
    var shard: String?

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report.", valueName: "FILE"))
    var reportJUnit: String?

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP 13 report.", valueName: "FILE"))
    var reportTAP: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report.", valueName: "FILE"))
    var reportJSON: String?

    @Flag(name: .customLong("dry-run"), help: "Validate, and print each request as a curl command (secrets redacted); send nothing.")
    var dryRun = false

    @Option(name: .customLong("tag"), help: ArgumentHelp("Run only requests with this tag; repeatable (any of them).", valueName: "TAG"))
    var tags: [String] = []

    @Option(name: .customLong("name"), help: ArgumentHelp("Run only requests whose name matches (* and ? wildcards, else a substring); repeatable.", valueName: "PATTERN"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Start the embedded mock server with these routes first; its URL is {{mock_url}} and the default base_url.", valueName: "ROUTES"))
    var mock: String?

    func validate() throws {
        if let timeout, DurationText.parse(timeout) == nil {
            throw ValidationError("--timeout takes \(DurationText.expectation), not '\(timeout)'")
        }
        if let maxBody, ByteCount.parse(maxBody) == nil {
            throw ValidationError("--max-body takes \(ByteCount.expectation), not '\(maxBody)'")
        }
        if verbose && output.quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes a number from 1 to 256") }
        guard (1...100_000).contains(self.repeat) else { throw ValidationError("--repeat takes a number from 1 to 100000") }
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
        var files = try InputFiles.expand(paths)
        if let shard, let (index, count) = Self.parseShard(shard) {
            let total = files.count
            files = files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
            if files.isEmpty {
                throw ValidationError(
                    "--shard \(shard) selects no file: there \(total == 1 ? "is 1 file" : "are \(total) files") for \(count) shards")
            }
        }
        let registry = try PluginStore.registry()
        let redactor = Redactor()
        // Every byte rest-run prints passes the redactor last, whatever put it together.
        let stdout = RedactingSink(FileDescriptorSink.standardOutput, redactor: redactor)
        let stderr = RedactingSink(FileDescriptorSink.standardError, redactor: redactor)
        let colors = output.colors(for: stdout)

        var variables: [String: DecodedValue]
        do {
            variables = try variableOptions.values(redactor: redactor)
        } catch {
            Self.print(error, to: stderr, colors: output.colors(for: stderr), annotationsTo: stdout)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }

        var server: MockServer?
        if let mock {
            let routes: MockRoutes
            do {
                routes = try MockRoutes.load(path: mock)
            } catch {
                Self.print(error, to: stderr, colors: output.colors(for: stderr), annotationsTo: stdout)
                throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
            }
            do {
                server = try await MockServer.start(routes: routes)
            } catch {
                stderr.write("error: \(error)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
            }
            if let server, variables["mock_url"] == nil { variables["mock_url"] = .string(server.url) }
        }

        let code = await runFiles(
            files, registry: registry, variables: variables, redactor: redactor, colors: colors, stdout: stdout, stderr: stderr)
        await server?.shutdown()
        if code != .success { throw ArgumentParser.ExitCode(code.rawValue) }
    }

    private func runFiles(
        _ paths: [String], registry: DecoderRegistry, variables: [String: DecodedValue], redactor: Redactor, colors: Bool,
        stdout: any TextSink, stderr: any TextSink
    ) async -> RestRun.ExitCode {
        let loader = RequestFileLoader(
            environment: variableOptions.environment(over: ProcessEnvironment.current, variables: variables),
            decoderNames: registry.names, predefinedVariables: Set(variables.keys))
        var files: [RequestFile] = []
        // Like Hurl: an invalid file is reported (console, reports, annotations) and the others still run.
        var invalid: [FileResult] = []
        for path in paths {
            do {
                files.append(try loader.load(path: path))
            } catch {
                invalid.append(FileResult(invalidFile: path, problems: error.diagnostics))
            }
        }
        if !invalid.isEmpty {
            let problems = invalid.flatMap(\.problems)
            Self.print(DiagnosticList(problems), to: stderr, colors: output.colors(for: stderr), annotationsTo: stdout)
            stderr.write("\(invalid.count) of \(paths.count) file\(paths.count == 1 ? "" : "s") invalid"
                + (files.isEmpty ? "; nothing was sent\n" : "; running the others\n"))
        }
        variableOptions.warnAboutUnused(referenced: loader.referencedNames, to: stderr, colors: output.colors(for: stderr))
        let filter = RequestFilter(tags: Set(tags), namePatterns: names)
        if !files.isEmpty, let problem = Self.selectionProblem(files, filter: filter) {
            stderr.write("error: \(problem)\n")
            return .usage
        }

        var defaults = RequestOptions()
        defaults.timeout = timeout.flatMap(DurationText.parse)
        defaults.maxBody = maxBody.flatMap(ByteCount.parse)
        if insecure { defaults.insecure = true }
        let settings = Self.clientSettings(for: files, defaults: defaults)

        let plan = Array(repeating: files, count: self.repeat).flatMap { $0 }
        let totalRequests = plan.reduce(0) { total, file in total + file.requests.count }
        let showsProgress = stdout.isTerminal && !output.quiet && !verbose && !veryVerbose
            && ProcessEnvironment.current["CI"] == nil && totalRequests > 5
        let reporter = ConsoleReporter(
            sink: stdout, colors: colors, detail: output.quiet ? .quiet : .normal, showsFileHeaders: plan.count > 1,
            groupsByFile: jobs > 1, progressTotals: showsProgress ? (plan.count, totalRequests) : nil)
        var runner = Runner(
            registry: registry, variables: variables, defaults: defaults, redactor: redactor, observer: reporter, filter: filter)
        runner.keepsAllBodies = veryVerbose
        var delegates: [any NetworkingDelegate] = [RedactionDelegate(redactor: redactor), RetryDelegate()] + PluginStore.delegates()
        if verbose || veryVerbose {
            var logger = Logger(label: "rest-run") { _ in ConsoleLogHandler(sink: stderr) }
            logger.logLevel = .info
            delegates.append(LoggingDelegate(logger: logger, redactor: redactor, showsBodies: veryVerbose))
        }
        if dryRun {
            let dry = DryRun(runner: runner, delegates: PluginStore.delegates())
            let style = TerminalStyle(enabled: colors)
            for file in files {
                for entry in await dry.entries(for: file) {
                    var text = style.dim("# \(entry.name)" + (entry.location.map { "  (\($0))" } ?? "")) + "\n"
                    if let note = entry.note { text += style.dim("# " + note.replacing("\n", with: "\n# ")) + "\n" }
                    if let command = entry.command { text += command + "\n" }
                    stdout.write(text + "\n")
                }
            }
            return invalid.isEmpty ? .success : .invalidFile
        }

        // The run's own event loops: one per core when files run in parallel, else one. Each file's
        // tasks run on a loop of the HTTP client's group, so with one loop a response resumes its
        // request without a thread switch, and parallel files use every core.
        let loopCount = jobs > 1 ? min(jobs, System.coreCount) : 1
        let group = MultiThreadedEventLoopGroup(numberOfThreads: loopCount)
        let lanes = group.makeIterator().map(EventLoopExecutor.init)
        let suite = SuiteRunner(runner: runner, jobs: jobs, failFast: failFast, lanes: lanes)
        let start = ContinuousClock.now
        let fileDelegates = delegates
        let outcome = Task(executorPreference: lanes[0]) { () -> Result<[FileResult], any Error> in
            do {
                return .success(try await Networker.withHTTPClients(settings, eventLoopGroup: group) { clients in
                    await suite.run(plan) { file, _ in
                        Networker(clients: clients, delegates: [FileHeadersDelegate(headers: file.headers), CookieJar()] + fileDelegates)
                    }
                })
            } catch {
                return .failure(error)
            }
        }
        let interruption = Interruption { outcome.cancel() }
        let results: [FileResult]
        switch await outcome.value {
        case let .success(value):
            results = invalid + value
        case let .failure(error):
            interruption.end()
            stderr.write("error: \(redactor.redact(String(describing: error)))\n")
            return .runtimeError
        }
        interruption.end()
        try? await group.shutdownGracefully()
        let interrupted = interruption.happened
        reporter.finish(results, duration: ContinuousClock.now - start, interrupted: interrupted)
        if ProcessEnvironment.current["GITHUB_ACTIONS"] == "true" {
            stdout.write(GitHubAnnotations.render(results))
        }
        var code = RunSummary(results).exitCode
        for (path, text) in [
            (reportJUnit, { JUnitReport.render(results) }), (reportTAP, { TAPReport.render(results) }),
            (reportJSON, { JSONReport.render(results) }),
        ] as [(String?, () -> String)] {
            guard let path else { continue }
            do {
                try FileSystem.write(redactor.redact(text()), to: path)
            } catch {
                stderr.write("error: \(error.message)\n")
                code = max(code, .usage)
            }
        }
        return interrupted ? .interrupted : code
    }

    /// Why `filter` leaves nothing to run, in one sentence, or nil when it selects something.
    static func selectionProblem(_ files: [RequestFile], filter: RequestFilter) -> String? {
        let requests = files.flatMap(\.requests)
        guard !requests.isEmpty, !requests.contains(where: filter.selects) else { return nil }
        var parts: [String] = []
        if !filter.tags.isEmpty { parts.append(filter.tags.sorted().map { "--tag \($0)" }.joined(separator: " ")) }
        if !filter.namePatterns.isEmpty { parts.append(filter.namePatterns.map { "--name '\($0)'" }.joined(separator: " ")) }
        var sentence = "\(parts.joined(separator: " with ")) selects none of the \(requests.count) request\(requests.count == 1 ? "" : "s")"
            + " in \(files.count) file\(files.count == 1 ? "" : "s")"
        let known = Set(requests.flatMap(\.tags)).sorted()
        if !filter.tags.isEmpty {
            sentence += known.isEmpty ? " (no request has tags)" : " (their tags: \(known.joined(separator: ", ")))"
        }
        return sentence
    }

    /// The client's settings: the longest timeout and connect timeout any request uses.
    static func clientSettings(for files: [RequestFile], defaults: RequestOptions) -> ClientSettings {
        var settings = ClientSettings()
        var longest = Duration.zero
        for file in files {
            let fileDefaults = file.options.applying(defaults: defaults)
            for request in file.requests {
                let options = request.options.applying(defaults: fileDefaults)
                longest = max(longest, options.effectiveTimeout)
                if let connectTimeout = options.connectTimeout, connectTimeout != settings.connectTimeout {
                    settings.otherConnectTimeouts.insert(connectTimeout)
                }
            }
        }
        settings.longestTimeout = max(longest, .seconds(1))
        return settings
    }

    /// Prints diagnostics the way compilers do; on GitHub Actions each is also an `::error`
    /// annotation on standard output, so a file error shows on the pull request's diff.
    static func print(
        _ list: DiagnosticList, to sink: any TextSink, colors: Bool,
        annotationsTo annotations: any TextSink = FileDescriptorSink.standardOutput
    ) {
        sink.write(list.diagnostics.map { $0.rendered(colors: colors) }.joined(separator: "\n") + "\n")
        if ProcessEnvironment.current["GITHUB_ACTIONS"] == "true" {
            annotations.write(GitHubAnnotations.render(list.diagnostics))
        }
    }
}
