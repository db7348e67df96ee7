import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run check FILE|DIR...`: loads, validates and plans files as `run` would; sends nothing.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate request files without sending anything.")

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Check as `run --mock` would run: the routes file or OpenAPI spec is validated too, and {{mock_url}} is defined.", valueName: "ROUTES|SPEC"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var mock: String?

    func run() async throws {
        let context = try CommandContext(paths: try input.files(), input: input, output: output)
        var session = context.session
        let (stdout, stderr, printer) = (context.stdout, context.stderr, context.printer)
        // As `run --mock` does: the mock's file must load, and `{{mock_url}}` is defined (its value is never read).
        var mockInvalid = false
        if let mock {
            do {
                let responder = try await MockSource.load(path: mock)
                if !output.quiet { stdout.write("\(TerminalStyle(enabled: output.colors(for: stdout)).green("✓")) \(mock): \(responder.summary)\n") }
            } catch {
                printer.print(error)
                mockInvalid = true
            }
            session.mockURL = "http://127.0.0.1"
        }
        session.environment = input.environment(over: ProcessEnvironment.current, variables: session.variables)
        let loaded = await session.load()
        ProcessLifetime.keep(loaded)
        // The filter is empty: every file's requests are selected, so planning cannot throw.
        let plan = try session.plan(loaded)
        ProcessLifetime.keep(plan)
        let style = TerminalStyle(enabled: output.colors(for: stdout))
        // In the order the files were given: each valid one, or its diagnostics.
        for path in session.paths {
            if let invalid = plan.invalid.first(where: { $0.path == path }) {
                printer.print(DiagnosticList(invalid.problems))
            } else if let file = plan.files.first(where: { $0.file.path == path }), !output.quiet {
                stdout.write("\(style.green("✓")) \(path): \(file.requestCount) request\(file.requestCount == 1 ? "" : "s")\n")
            }
        }
        input.warnAboutUnused(referenced: loaded.referencedNames, to: stderr, colors: output.colors(for: stderr))
        if !plan.invalid.isEmpty || mockInvalid {
            let count = session.paths.count
            if !plan.invalid.isEmpty { stderr.write("\(plan.invalid.count) of \(count) file\(count == 1 ? "" : "s") invalid\n") }
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
    }
}
