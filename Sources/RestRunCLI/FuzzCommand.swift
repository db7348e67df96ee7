import ArgumentParser
import RestRun

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

    @Argument(help: ArgumentHelp("The OpenAPI 3.0 or 3.1 spec (YAML or JSON).", valueName: "SPEC"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var spec: String

    @Option(name: .customLong("url"), help: ArgumentHelp("The API's base URL, its path included; default the spec's first server.", valueName: "BASE"))
    var url: String?

    @Option(name: .customLong("seed"), help: ArgumentHelp("The seed: the same seed sends the same requests; default a new one (printed).", valueName: "N"))
    var seed: UInt64?

    @Option(name: .customLong("max-examples"), help: ArgumentHelp("Cases per operation.", valueName: "N"))
    var maxExamples = 100

    @Option(name: .customLong("time-limit"), help: ArgumentHelp("Stop after this long (30s, 5m).", valueName: "DURATION"))
    var timeLimit: DurationArgument?

    @Option(name: .customLong("max-requests"), help: ArgumentHelp("Stop after this many requests.", valueName: "N"))
    var maxRequests: Int?

    @Option(name: .customLong("rate"), help: ArgumentHelp("At most this many requests a second (50/s); 429 answers wait as Retry-After says.", valueName: "N/s"))
    var rate: String?

    @Option(name: .customLong("jobs"), help: ArgumentHelp("Operations fuzzed at once.", valueName: "N"))
    var jobs = 1

    @Option(name: .customLong("operation"), help: ArgumentHelp("Only this operation: an operationId or 'METHOD /path'; repeatable.", valueName: "OPERATION"))
    var operations: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only operations with this tag; repeatable.", valueName: "TAG"))
    var tags: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Leave out this operation (operationId or 'METHOD /path') or tag; repeatable.", valueName: "OPERATION"))
    var excluded: [String] = []

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp("Send this header with every request; repeatable.", valueName: "NAME: VALUE"))
    var headers: [HeaderArgument] = []

    @Option(name: .customLong("with"), help: ArgumentHelp("Take base_url, headers, auth and options from this request file.", valueName: "FILE"), completion: .file(extensions: ["yaml", "yml"]))
    var settingsFile: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable for --with's file; repeatable.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("secret"), help: ArgumentHelp("Set a variable whose value is never printed; repeatable.", valueName: "NAME=VALUE"))
    var secrets: [String] = []

    @Option(name: .customLong("shard"), help: ArgumentHelp("Fuzz only the K-th of N equal parts of the operations (1/4), for parallel CI jobs.", valueName: "K/N"))
    var shard: ShardArgument?

    @Option(name: .customLong("checks"), help: ArgumentHelp(
        "The checks to make, comma-separated, by Schemathesis's names; 'all' makes every one (positive_data_acceptance too) in its strict form. Default: all but positive_data_acceptance.",
        valueName: "all|NAME,..."))
    var checks: String?

    @Option(name: .customLong("exclude-checks"), help: ArgumentHelp("Checks not to make, comma-separated.", valueName: "NAME,..."))
    var excludeChecks: String?

    @Option(name: .customLong("save"), help: ArgumentHelp("Where findings are saved as request files.", valueName: "DIR"), completion: .directory)
    var save = ".rest-run/findings"

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report: a test case per operation, a failure per finding.", valueName: "FILE"), completion: .file(extensions: ["xml"]))
    var reportJUnit: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report of the operations and findings.", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var reportJSON: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write a self-contained HTML report.", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var reportHTML: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if maxExamples < 1 { throw ValidationError("--max-examples must be at least 1") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let maxRequests, maxRequests < 1 { throw ValidationError("--max-requests must be at least 1") }
        if let rate, Self.rate(rate) == nil { throw ValidationError("--rate takes requests a second, such as 50/s, found '\(rate)'") }
        _ = try Self.checkNames(checks, option: "--checks")
        _ = try Self.checkNames(excludeChecks, option: "--exclude-checks")
        for assignment in variables + secrets { _ = try InputOptions.split(assignment) }
    }

    /// The checks a comma-separated list names (nil when none is given); `all` names every one.
    static func checkNames(_ text: String?, option: String) throws -> Set<FuzzCheck>? {
        guard let text else { return nil }
        var named = Set<FuzzCheck>()
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
            if word == "all" {
                named.formUnion(FuzzCheck.allCases)
                continue
            }
            guard let check = FuzzCheck(rawValue: word) else {
                let known = FuzzCheck.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: word, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("\(option): '\(word)' is not a check\(hint); the checks are all, " + known.joined(separator: ", "))
            }
            named.insert(check)
        }
        guard !named.isEmpty else { throw ValidationError("\(option) names no check") }
        return named
    }

    /// `50/s`, `50`, `0.5/s`.
    static func rate(_ text: String) -> Double? {
        let number = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
        guard let value = Double(number), value > 0, value.isFinite else { return nil }
        return value
    }

    func run() async throws {
        Interruption.listen()
        let redactor = Redactor()
        let stdout = RedactingSink(FileDescriptorSink.standardOutput, redactor: redactor)
        let stderr = RedactingSink(FileDescriptorSink.standardError, redactor: redactor)
        let printer = DiagnosticPrinter(errors: stderr, annotations: stdout, colors: output.colors(for: stderr))
        func fail(_ sentence: String, _ code: RestRun.ExitCode) -> ArgumentParser.ExitCode {
            stderr.write("error: \(sentence)\n")
            return ArgumentParser.ExitCode(code.rawValue)
        }
        let spec: OpenAPISpec
        do {
            spec = try OpenAPISpec.load(path: self.spec)
        } catch {
            printer.print(error)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        var variableValues: [String: DecodedValue] = [:]
        for assignment in variables { if let (name, value) = try? InputOptions.split(assignment) { variableValues[name] = InputOptions.typed(value) } }
        for assignment in secrets {
            if let (name, value) = try? InputOptions.split(assignment) {
                variableValues[name] = .string(value)
                redactor.add(value)
            }
        }
        var runHeaders: [(String, String)] = []
        var transport = TransportOptions()
        var settingsURL: String?
        var auth: RequestAuth?
        if let settingsFile {
            let loaded = try await Self.settings(settingsFile, variables: variableValues, redactor: redactor, printer: printer)
            runHeaders = loaded.headers
            transport = loaded.transport
            settingsURL = loaded.baseURL
            auth = loaded.auth
        }
        // A server that hangs on some input should not hold the run for a request's usual timeout.
        if transport.timeout == nil { transport.timeout = .seconds(10) }
        for header in headers {
            runHeaders.removeAll { $0.0.lowercased() == header.name.lowercased() }
            runHeaders.append((header.name, header.value))
        }
        for (name, value) in runHeaders where Redactor.isSensitiveHeader(name) { redactor.add(value) }
        guard let base = url ?? settingsURL ?? spec.firstServer, URLBuilder.isAbsolute(base) else {
            throw fail("give the API's base URL with --url (the spec's first server, '\(spec.firstServer ?? "none")', is not an absolute URL)", .usage)
        }
        let selected = try select(spec, fail: fail)
        let seed = self.seed ?? UInt64.random(in: 1...999_999)
        var settings = FuzzSettings(baseURL: base, seed: seed)
        settings.maxExamples = maxExamples
        settings.timeLimit = timeLimit?.duration
        settings.maxRequests = maxRequests
        settings.rate = rate.flatMap(Self.rate)
        settings.jobs = jobs
        settings.checksAll = checks?.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "all" } == true
        settings.checks = (try Self.checkNames(checks, option: "--checks") ?? FuzzCheck.defaults)
            .subtracting(try Self.checkNames(excludeChecks, option: "--exclude-checks") ?? [])
        settings.headers = runHeaders
        settings.transport = transport
        settings.auth = auth
        settings.redactor = redactor
        let colors = output.colors(for: stdout)
        let width = selected.map { spec.operations[$0].name.count }.max() ?? 0
        if !output.quiet { stdout.write("fuzzing \(selected.count) operation\(selected.count == 1 ? "" : "s") of \(spec.path) at \(base) (seed \(seed))\n") }
        let quiet = output.quiet
        let session = FuzzSession(spec: spec, settings: settings) { line in
            if !quiet || !line.findings.isEmpty { stdout.write(FuzzConsole.line(line, width: width, colors: colors)) }
        }
        var report = try await session.run(selected)
        if let unreachable = report.unreachable { throw fail(unreachable, .runtimeError) }
        do {
            // A --with file's headers and auth come back through its include; -H headers are written.
            try saveFindings(&report, spec: spec, baseURL: base, headers: headers.map { ($0.name, $0.value) })
        } catch {
            stderr.write("error: cannot save the findings in '\(save)': \(error.message)\n")
        }
        if !report.findings.isEmpty {
            stdout.write("\nfindings:\n")
            for (number, finding) in report.findings.enumerated() {
                stdout.write(FuzzConsole.finding(finding, number: number + 1, colors: colors))
            }
        }
        if !quiet { stdout.write("\n" + CoverageReport([spec], hits: report.hits).table(colors: colors)) }
        stdout.write(FuzzConsole.summary(report))
        let reports: [(String?, () -> String)] = [
            (reportJUnit, { FuzzReports.junit(report, spec: spec, selected: selected, redactor: redactor) }),
            (reportJSON, { FuzzReports.json(report, spec: spec, baseURL: base, redactor: redactor).prettyJSONText + "\n" }),
            (reportHTML, { FuzzReports.html(report, spec: spec, baseURL: base, redactor: redactor) }),
        ]
        for case let (path?, render) in reports {
            do {
                try FileSystem.writeCreatingFolders(render(), to: path)
            } catch {
                stderr.write("error: cannot write the report '\(path)': \(error.message)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            }
        }
        if !report.findings.isEmpty { throw ArgumentParser.ExitCode(RestRun.ExitCode.expectationFailed.rawValue) }
    }

    /// The operations `--operation`, `--tag`, `--exclude` and `--shard` select, by place.
    private func select(_ spec: OpenAPISpec, fail: (String, RestRun.ExitCode) -> ArgumentParser.ExitCode) throws -> [Int] {
        func matches(_ operation: OpenAPIOperation, _ text: String) -> Bool {
            if operation.operationID == text { return true }
            let parts = text.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].uppercased() == operation.method && parts[1] == operation.path
        }
        for text in operations + excluded where !spec.operations.contains(where: { matches($0, text) || $0.tags.contains(text) }) {
            let names = spec.operations.map(\.name) + spec.operations.compactMap(\.operationID)
            var sentence = "'\(text)' is not an operation of \(spec.path) (an operationId or 'METHOD /path')"
            if let closest = Suggestion.closest(to: text, in: names) { sentence += "; did you mean '\(closest)'?" }
            throw fail(sentence, .usage)
        }
        var selected = spec.operations.indices.filter { index in
            let operation = spec.operations[index]
            if !operations.isEmpty, !operations.contains(where: { matches(operation, $0) }) { return false }
            if !tags.isEmpty, !tags.contains(where: operation.tags.contains) { return false }
            return !excluded.contains { matches(operation, $0) || operation.tags.contains($0) }
        }
        if let shard { selected = selected.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element) }
        guard !selected.isEmpty else { throw fail("the selection selects no operation of \(spec.path)", .usage) }
        return selected
    }

    /// Writes each finding to `--save` and notes where.
    private func saveFindings(_ report: inout FuzzReport, spec: OpenAPISpec, baseURL: String, headers: [(String, String)]) throws(FileSystem.Failure) {
        guard !report.findings.isEmpty else { return }
        try FileSystem.createDirectories(save)
        let specPath = FileSystem.relativePath(of: self.spec, from: save)
        let include = settingsFile.map { FileSystem.relativePath(of: $0, from: save) }
        for index in report.findings.indices {
            let finding = report.findings[index]
            let path = (save.hasSuffix("/") ? save : save + "/") + FindingFile.name(finding)
            try FileSystem.write(
                FindingFile.text(finding, operations: spec.operations, baseURL: baseURL, specPath: specPath, seed: report.seed,
                                 headers: headers, include: include),
                to: path)
            report.findings[index].file = path
        }
    }

    /// `base_url`, headers (with `auth:`) and transport options of a `--with` file.
    private static func settings(
        _ path: String, variables: [String: DecodedValue], redactor: Redactor, printer: DiagnosticPrinter
    ) async throws -> (baseURL: String?, headers: [(String, String)], transport: TransportOptions, auth: RequestAuth?) {
        // A settings file without requests is read as an include of a file with one, never sent.
        let text = (try? FileSystem.readText(path)) ?? ""
        let hasRequests = text.split(separator: "\n").contains { $0.hasPrefix("requests:") }
        var session = RunSession(paths: [hasRequests ? path : RunSession.standardInputPath])
        if !hasRequests {
            let absolute = path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path
            session.standardInput = "include: [\(YAMLText.quoted(absolute))]\nrequests:\n  - url: http://127.0.0.1/\n"
        }
        session.variables = variables
        session.redactor = redactor
        session.environment = ProcessEnvironment.current.merging(variables.compactMapValues { $0.interpolationText }) { $1 }
        let loaded = await session.load()
        guard let file = loaded.files.first else {
            printer.print(DiagnosticList(loaded.invalid.flatMap(\.problems)))
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        let runner = session.runner()
        let scope = runner.initialScope(for: file)
        do {
            let baseURL = try file.baseURL?.render(in: scope)
            var request = PreparedRequest(name: path, url: baseURL ?? "")
            let headers = try runner.fileHeaders(of: file, for: &request, scope: scope)
            return (baseURL, headers, file.options.transport, request.auth)
        } catch {
            printer.print(DiagnosticList([error]))
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
    }
}
