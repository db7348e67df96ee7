import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run [run] FILE|DIR...`: runs request files and checks every response.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run request files (a directory stands for the request files in it and its subfolders).")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: RunOptions

    func validate() throws {
        if options.verbose && output.quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    }

    func run() async throws {
        Interruption.listen()
        let context = try CommandContext(
            paths: try files(), input: input, output: output, reportsToStandardOutput: options.reports.named.contains { $0.path == "-" })
        var session = context.session
        var server: MockServer?
        if let mock = options.mock {
            server = try await Self.startMock(mock, printer: context.printer, stderr: context.stderr)
            session.mockURL = server?.url
        }
        let environment = ProcessEnvironment.current
        session.environment = input.environment(over: environment, variables: session.variables)
        try options.configure(&session, environment: environment)
        if options.verbose || options.veryVerbose {
            session.delegates.append(session.loggingDelegate(to: context.stderr, showsBodies: options.veryVerbose))
        }
        let code = await run(session, context: context, environment: environment)
        await server?.shutdown()
        if code != .success { throw ArgumentParser.ExitCode(code.rawValue) }
    }

    /// The files named, less those another `--shard` runs.
    private func files() throws -> [String] {
        let paths = try input.files()
        guard let shard = options.shard else { return paths }
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
        if options.dryRun {
            let dryRun = DryRun(runner: session.runner(), delegates: PluginStore.delegates())
            for file in plan.files { context.stdout.write(DryRunRenderer.render(await dryRun.entries(for: file), colors: colors)) }
            return plan.invalid.isEmpty ? .success : .invalidFile
        }
        var runOutput = RunOutput(console: context.stdout, errors: context.stderr, standardOutput: context.reportOutput)
        runOutput.colors = colors
        runOutput.quiet = output.quiet
        runOutput.showsProgress = context.stdout.isTerminal && !output.quiet && !options.verbose && !options.veryVerbose && environment["CI"] == nil
        runOutput.githubAnnotations = environment["GITHUB_ACTIONS"] == "true"
        runOutput.reports = options.reports
        runOutput.minimumCoverage = options.minCoverage?.value
        runOutput.keepsResults = false
        let work = Task { await session.run(plan, output: runOutput) }
        let interruption = Interruption { work.cancel() }
        let report = await work.value
        interruption.end()
        ProcessLifetime.keep(report)
        return report.exitCode
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
