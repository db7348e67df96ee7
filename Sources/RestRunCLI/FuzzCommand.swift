import ArgumentParser
import RestRun
import RestRunFuzzing

/// `rest-run fuzz SPEC --url BASE`: requests generated from an OpenAPI spec, every response
/// checked, each finding saved as a request file that replays it.
struct FuzzCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Generate requests from an OpenAPI spec, check every response, and save each finding as a request file.",
        discussion: """
            EXIT CODES:
              0    nothing was found
              1    usage error, or a selection that selects no operation
              2    an invalid spec or --with file
              3    the server cannot be reached
              4    something was found
            """)

    @Argument(help: ArgumentHelp("The OpenAPI 3.0 or 3.1 spec (YAML or JSON), or a request file with mcp_server: (its MCP server's tools are fuzzed).", valueName: "SPEC|FILE"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var spec: String

    @Option(name: .customLong("url"), help: ArgumentHelp("The API's base URL, its path included; default the spec's first server.", valueName: "BASE"))
    var url: String?

    @Flag(name: .customLong("strict"), help: OpenAPIStrictness.help)
    var strict = false

    @OptionGroup var options: FuzzOptions
    @OptionGroup var selection: FuzzSelectionOptions

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp("Send this header with every request; repeatable.", valueName: "NAME: VALUE"))
    var headers: [HeaderArgument] = []

    @Option(name: .customLong("with"), help: ArgumentHelp("Take base_url, headers, auth and options from this request file.", valueName: "FILE"), completion: .file(extensions: ["yaml", "yml"]))
    var settingsFile: String?

    @OptionGroup var variables: VariableOptions
    @OptionGroup var reports: FuzzReportOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        Interruption.listen()
        let redactor = Redactor()
        let stderr = RedactingSink(FileDescriptorSink.standardError, redactor: redactor)
        // With the event stream on standard output, the lines for people go to standard error.
        let stdout = reports.reportNDJSON == "-" ? stderr : RedactingSink(FileDescriptorSink.standardOutput, redactor: redactor)
        let printer = DiagnosticPrinter(errors: stderr, annotations: stdout, colors: output.colors(for: stderr))
        func fail(_ sentence: String, _ code: RestRun.ExitCode) -> ArgumentParser.ExitCode {
            stderr.write("error: \(sentence)\n")
            return ArgumentParser.ExitCode(code.rawValue)
        }
        func invalid(_ problems: DiagnosticList) -> ArgumentParser.ExitCode {
            printer.print(problems)
            return ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        if let mcpTarget = try mcpTarget(redactor: redactor, invalid: invalid) {
            return try await fuzzMCP(mcpTarget, redactor: redactor, stdout: stdout, stderr: stderr)
        }
        let spec: OpenAPISpec
        do { spec = try OpenAPISpec.load(path: self.spec, strict: strict) } catch { throw invalid(error) }
        if !spec.warnings.isEmpty { printer.print(DiagnosticList(spec.warnings)) }
        var file = FuzzSettingsFile()
        if let settingsFile {
            do throws(DiagnosticList) {
                file = try await FuzzSettingsFile.read(
                    settingsFile, variables: variables.values(redactor: redactor), environment: ProcessEnvironment.current, redactor: redactor)
            } catch { throw invalid(error) }
        }
        // A server that hangs on some input should not hold the run for a request's usual timeout.
        if let timeout = options.timeout?.duration { file.transport.timeout = timeout }
        if file.transport.timeout == nil { file.transport.timeout = .seconds(10) }
        for header in headers {
            file.headers.removeAll { $0.0.lowercased() == header.name.lowercased() }
            file.headers.append((header.name, header.value))
        }
        for (name, value) in file.headers where Redactor.isSensitiveHeader(name) { redactor.add(value) }
        guard let base = url ?? file.baseURL ?? spec.firstServer, URLBuilder.isAbsolute(base) else {
            throw fail("give the API's base URL with --url (the spec's first server, '\(spec.firstServer ?? "none")', is not an absolute URL)", .usage)
        }
        let selected: [Int]
        do { selected = try selection.selection.select(in: spec) } catch { throw fail(error.message, .usage) }
        var settings = FuzzSettings(baseURL: base, seed: 0)
        try options.apply(to: &settings)
        (settings.headers, settings.transport, settings.auth, settings.redactor) = (file.headers, file.transport, file.auth, redactor)
        let (colors, quiet) = (output.colors(for: stdout), output.quiet)
        let width = selected.map { spec.operations[$0].name.count }.max() ?? 0
        if !quiet { stdout.write("fuzzing \(selected.count) operation\(selected.count == 1 ? "" : "s") of \(spec.path) at \(base) (seed \(settings.seed))\n") }
        let events: NDJSONStream?
        do throws(FileSystem.ReadError) { events = try reports.events(redactor: redactor) } catch { throw fail(error.message, .usage) }
        defer { events?.close() }
        events?.started(command: "fuzz", files: [self.spec], requests: 0)
        var session = FuzzSession(spec: spec, settings: settings) { line in
            if !quiet || !line.findings.isEmpty { stdout.write(FuzzConsole.line(line, width: width, colors: colors)) }
        }
        if let events {
            session.found = { findings in
                for finding in findings {
                    guard case let .object(members) = FuzzReports.members(finding, redactor: redactor) else { continue }
                    events.emit("finding", members.map { ($0.key, $0.value) })
                }
            }
        }
        var report = try await session.run(selected)
        func finished(_ code: RestRun.ExitCode) {
            let failed = Set(report.findings.map(\.operation)).count
            events?.emit("run_finished", [
                ("passed", .integer(max(0, selected.count - failed))), ("failed", .integer(failed)), ("errors", .integer(0)), ("skipped", .integer(0)),
                ("exit_code", .integer(Int(code.rawValue))), ("duration_ms", .number(report.duration.milliseconds)),
                ("interrupted", .bool(false)), ("requests", .integer(report.requests)), ("findings", .integer(report.findings.count)),
            ])
        }
        if let unreachable = report.unreachable {
            finished(.runtimeError)
            throw fail(unreachable, .runtimeError)
        }
        do throws(FileSystem.ReadError) {
            // A --with file's headers and auth come back through its include; -H headers are written.
            try FindingFile.save(
                &report, operations: spec.operations, in: reports.save, baseURL: base, specPath: FileSystem.relativePath(of: self.spec, from: reports.save),
                headers: headers.map { ($0.name, $0.value) }, include: settingsFile.map { FileSystem.relativePath(of: $0, from: reports.save) })
        } catch {
            stderr.write("error: cannot save the findings in '\(reports.save)': \(error.message)\n")
        }
        if !report.findings.isEmpty {
            stdout.write("\nfindings:\n")
            for (number, finding) in report.findings.enumerated() { stdout.write(FuzzConsole.finding(finding, number: number + 1, colors: colors)) }
        }
        if !quiet { stdout.write("\n" + CoverageReport([spec], hits: report.hits).table(colors: colors)) }
        stdout.write(FuzzConsole.summary(report))
        do {
            try reports.write(report, spec: spec, selected: selected, baseURL: base, redactor: redactor, errors: stderr)
        } catch {
            finished(.usage)
            throw error
        }
        finished(report.findings.isEmpty ? .success : .expectationFailed)
        if !report.findings.isEmpty { throw ArgumentParser.ExitCode(RestRun.ExitCode.expectationFailed.rawValue) }
    }
}
