import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run [run] FILE|DIR...`: runs request files and checks every response.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run request files (a directory stands for the request files in it and its subfolders).")

    // The options are declared here rather than in groups (the files and variables as
    // `InputOptions` declares them for `check`, `--color` and `--quiet` as `OutputOptions` does for
    // the other commands): ArgumentParser reflects each group's type at start-up, and the runtime
    // searches every conformance record for it.
    @Argument(help: InputOptions.pathsHelp, completion: InputOptions.yamlFiles)
    var paths: [String] = []

    @Option(name: .customLong("glob"), help: InputOptions.globHelp)
    var globs: [String] = []

    @Option(name: .customLong("var"), help: InputOptions.variableHelp)
    var variables: [String] = []

    @Option(name: .customLong("vars-file"), help: InputOptions.variableFileHelp, completion: InputOptions.yamlFiles)
    var variableFiles: [String] = []

    @Option(name: .customLong("secret"), help: InputOptions.secretHelp)
    var secrets: [String] = []

    @Option(name: .long, help: OutputOptions.colorHelp)
    var color: ColorChoice?

    @Flag(name: .long, help: OutputOptions.quietHelp)
    var quiet = false

    @Flag(name: [.short, .long], help: "Show each request and response line with headers (Authorization redacted).")
    var verbose = false

    @Flag(name: .customLong("very-verbose"), help: "Like --verbose, with bodies.")
    var veryVerbose = false

    @Option(help: SharedOptionHelp.timeout)
    var timeout: DurationArgument?

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("Default time to connect: seconds (2) or a duration (500ms); a file's options win.", valueName: "DURATION"))
    var connectTimeout: DurationArgument?

    @Flag(name: [.customShort("L"), .customLong("follow-redirects")], help: "Follow redirects (up to 50) where a file does not say otherwise.")
    var followRedirects = false

    @Option(help: ArgumentHelp("Retry a failed request up to N times (N + 1 attempts, as curl's and Hurl's --retry) where a file sets no retry:.", valueName: "N"))
    var retry: Int?

    @Option(name: [.customShort("H"), .customLong("header")], help: SharedOptionHelp.header)
    var headers: [HeaderArgument] = []

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Default largest response body, such as 10MB (a file's options win).", valueName: "SIZE"))
    var maxBody: ByteCountArgument?

    @Flag(help: SharedOptionHelp.insecure)
    var insecure = false

    @Flag(name: .customLong("http2"), help: "Use HTTP/2 (over TLS, by ALPN) where a file sets no http:; a server without it fails the request.")
    var http2 = false

    @Flag(name: .customLong("http1"), help: "Use HTTP/1.1 only where a file sets no http: (also --http1.1, as in curl).")
    var http1 = false

    // curl's spelling; hidden, because fish's completion cannot name an option with a dot.
    @Flag(name: .customLong("http1.1"), help: ArgumentHelp("Use HTTP/1.1 only where a file sets no http:.", visibility: .hidden))
    var http11 = false

    @Option(help: SharedOptionHelp.cacert, completion: .file(extensions: ["pem", "crt"]))
    var cacert: String?

    @Option(help: SharedOptionHelp.proxy)
    var proxy: String?

    @Option(help: SharedOptionHelp.resolve)
    var resolve: [ResolveArgument] = []

    // Optional, their defaults written in their help: for an `Int` default, ArgumentParser's
    // description of it makes the Swift runtime search every conformance in the binary at start-up.
    @Option(name: .customLong("jobs"), help: ArgumentHelp("Run this many files at once (requests inside a file stay in order). (default: 1)", valueName: "N"))
    var jobs: Int?

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first failing request.")
    var failFast = false

    @Flag(name: .customLong("watch"), help: "Run, then run again the files that read a file that changes (a request file, an include, a flow, data, a schema, a spec, a snapshot), until Ctrl-C.")
    var watch = false

    // Taken out of the command line before it is parsed (see `RestRunCommand.withConfig`): here for the help.
    @Flag(name: .customLong("no-config"), help: "Read neither .rest-run.yaml nor the user's config file (REST_RUN_* variables still apply).")
    var noConfig = false

    @Flag(name: [.customLong("update-snapshots"), .customShort("u")], help: "Rewrite the snapshots (expect: snapshot) that differ from the responses, and remove obsolete ones.")
    var updateSnapshots = false

    @Flag(name: .customLong("ci"), help: "Fail on a missing snapshot rather than writing it, as on CI (the default when the CI environment variable is set).")
    var ci = false

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Run the whole set this many times; a request that runs more than once gets p50, p90, p99 and max in the summary and reports. (default: 1)", valueName: "N"))
    var repeats: Int?

    @Option(name: .customLong("warmup"), help: ArgumentHelp("First run the whole set this many times, not reported or counted (warms connections and caches). (default: 0)", valueName: "N"))
    var warmups: Int?

    @Option(help: ArgumentHelp("Run only shard K of N: files K, K+N, K+2N, ... of the sorted file list, so N CI jobs together run every file once.", valueName: "K/N"))
    var shard: ShardArgument?

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJUnit: String?

    // No default value in the declaration, as `OutputOptions.color`.
    @Option(name: .customLong("junit-family"), help: ArgumentHelp("The JUnit report's attributes: strict (what Jenkins' xUnit schema accepts; the default) or gitlab (file and line on each test case).", valueName: "FAMILY"))
    var junitFamily: ReportFiles.JUnitFamily?

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP 13 report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportTAP: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJSON: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write an HTML report: one self-contained page with every request, timing bars and failures (- for standard output).", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var reportHTML: String?

    @Option(name: .customLong("report-har"), help: ArgumentHelp("Write every request and attempt as HAR 1.2, secrets redacted, for browser devtools and HAR viewers (- for standard output).", valueName: "FILE"), completion: .file(extensions: ["har"]))
    var reportHAR: String?

    @Option(name: .customLong("report-ndjson"), help: ArgumentHelp("Write the run as it goes, one JSON object a line, each written as it happens (- for standard output; rest-run schema --ndjson describes it).", valueName: "FILE"), completion: .file(extensions: ["ndjson", "jsonl"]))
    var reportNDJSON: String?

    @Option(name: .customLong("report-coverage"), help: ArgumentHelp("Write which OpenAPI operations and responses the run exercised, as JSON (files with openapi:).", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var reportCoverage: String?

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail (exit 4) when fewer than this percentage (0 to 100) of the OpenAPI operations were exercised.", valueName: "PERCENT"))
    var minCoverage: PercentageArgument?

    @Flag(name: .customLong("dry-run"), help: "Validate, and print each request as a curl command (secrets redacted); send nothing.")
    var dryRun = false

    @Option(name: .customLong("tag"), help: SharedOptionHelp.tag)
    var tags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: SharedOptionHelp.excludeTag)
    var excludedTags: [String] = []

    @Option(name: .customLong("name"), help: SharedOptionHelp.name)
    var names: [String] = []

    @Option(help: SharedOptionHelp.mock, completion: .file(extensions: ["yaml", "yml", "json"]))
    var mock: String?

    /// `--color` and `--quiet`, as the other commands' output group holds them.
    var output: OutputOptions { OutputOptions(color: color, quiet: quiet) }

    /// The files and variables, as `check`'s input group holds them.
    var input: InputOptions {
        InputOptions(paths: paths, globs: globs, variables: variables, variableFiles: variableFiles, secrets: secrets)
    }

    func validate() throws {
        try input.validate()
        if verbose && output.quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
        try validateOptions()
    }

    func run() async throws {
        Interruption.listen()
        if watch { throw ArgumentParser.ExitCode(await WatchLoop(command: self).run().rawValue) }
        let code = try await runOnce(paths: try files())
        if code != .success { throw ArgumentParser.ExitCode(code.rawValue) }
    }

    /// Runs `paths` once, noting what each file reads in `readLog` when given (`--watch`).
    func runOnce(paths: [String], readLog: ReadLog? = nil) async throws -> RestRun.ExitCode {
        let context = try CommandContext(
            paths: paths, input: input, output: output, reportsToStandardOutput: reports.named.contains { $0.path == "-" })
        var session = context.session
        session.readLog = readLog
        var server: MockServer?
        if let mock = mock {
            server = try await Self.startMock(mock, printer: context.printer, stderr: context.stderr)
            session.mockURL = server?.url
        }
        let environment = ProcessEnvironment.current
        session.environment = input.environment(over: environment, variables: session.variables)
        try configure(&session, environment: environment)
        if verbose || veryVerbose {
            session.delegates.append(session.loggingDelegate(to: context.stderr, showsBodies: veryVerbose))
        }
        let code = await run(session, context: context, environment: environment)
        await server?.shutdown()
        return code
    }

    /// The files named, less those another `--shard` runs.
    func files() throws -> [String] {
        let paths = try input.files()
        guard let shard = shard else { return paths }
        let selected = shard.select(paths)
        if selected.isEmpty {
            let count = paths.count == 1 ? "is 1 file" : "are \(paths.count) files"
            throw ValidationError("--shard \(shard.index)/\(shard.count) selects no file: there \(count) for \(shard.count) shards")
        }
        return selected
    }

    /// The session's stages, with the console, the reports and Ctrl-C around them.
    private func run(_ session: RunSession, context: CommandContext, environment: [String: String]) async -> RestRun.ExitCode {
        let loaded = await session.load()
        ProcessLifetime.keep(loaded)
        context.report(invalid: loaded.invalid, of: session.paths.count, running: !loaded.files.isEmpty)
        input.warnAboutUnused(referenced: loaded.referencedNames, to: context.stderr, colors: output.colors(for: context.stderr))
        let plan: ExecutionPlan
        do {
            plan = try session.plan(loaded)
            ProcessLifetime.keep(plan)
        } catch {
            context.stderr.write("error: \(error)\n")
            return .usage
        }
        context.report(invalid: Array(plan.invalid.dropFirst(loaded.invalid.count)), of: session.paths.count, running: !plan.files.isEmpty)
        let colors = output.colors(for: context.stdout)
        if dryRun {
            let dryRun = DryRun(runner: session.runner(), delegates: PluginStore.delegates())
            for file in plan.files { context.stdout.write(DryRunRenderer.render(await dryRun.entries(for: file), colors: colors)) }
            return plan.invalid.isEmpty ? .success : .invalidFile
        }
        var runOutput = RunOutput(console: context.stdout, errors: context.stderr, standardOutput: context.reportOutput)
        runOutput.colors = colors
        runOutput.quiet = output.quiet
        runOutput.showsProgress = context.stdout.isTerminal && !output.quiet && !verbose && !veryVerbose && environment["CI"] == nil
        runOutput.githubAnnotations = environment["GITHUB_ACTIONS"] == "true"
        runOutput.reports = reports
        runOutput.minimumCoverage = minCoverage?.value
        runOutput.keepsResults = false
        let work = Task { await session.run(plan, output: runOutput) }
        let interruption = Interruption { work.cancel() }
        let report = await work.value
        interruption.end()
        ProcessLifetime.keep(report)
        return report.exitCode
    }

    /// Loads the routes file and starts the mock server on 127.0.0.1.
    static func startMock(_ path: String, printer: DiagnosticPrinter, stderr: any TextSink) async throws -> MockServer {
        let routes: any MockResponder
        do {
            routes = try await MockSource.load(path: path)
        } catch {
            printer.print(error)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        if !routes.warnings.isEmpty { printer.print(DiagnosticList(routes.warnings)) }
        do {
            return try await MockServer.start(responder: routes)
        } catch {
            stderr.write("error: the mock server could not start: \(error)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
        }
    }
}
