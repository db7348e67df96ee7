import OrderedCollections
import RestRun
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tools `rest-run mcp` serves: `run`, `check`, `list`, `import` and `schema`, each with its
/// input and output schemas.
enum MCPTools {
    static let all = [run, check, list, importing, schema]

    // MARK: Schemas

    private static func object(_ properties: [(String, DecodedValue)], required: [String] = []) -> DecodedValue {
        var members: [(String, DecodedValue)] = [("type", .string("object")), ("properties", .object(fromPairs: properties))]
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        return .object(fromPairs: members)
    }

    private static func type(_ name: String, _ description: String? = nil) -> DecodedValue {
        .object(fromPairs: [("type", .string(name))] + (description.map { [("description", .string($0))] } ?? []))
    }

    private static func arrayOf(_ item: DecodedValue, _ description: String? = nil) -> DecodedValue {
        .object(fromPairs: [("type", .string("array")), ("items", item)] + (description.map { [("description", .string($0))] } ?? []))
    }

    private static let nullableInteger = DecodedValue.object(fromPairs: [("type", .array([.string("integer"), .string("null")]))])
    private static let nullableString = DecodedValue.object(fromPairs: [("type", .array([.string("string"), .string("null")]))])
    private static let paths = arrayOf(type("string"), "Request files or folders, relative to the root; default the whole root.")
    private static let vars = DecodedValue.object(fromPairs: [
        ("type", .string("object")), ("description", .string("Variables, as --var NAME=VALUE.")),
        ("additionalProperties", .object(fromPairs: [("type", .array(["string", "number", "integer", "boolean"].map { .string($0) }))])),
    ])
    private static let diagnostic = object([("file", type("string")), ("line", nullableInteger), ("column", nullableInteger), ("message", type("string"))], required: ["file", "message"])

    // MARK: run

    static let run = MCPTool(
        name: "run",
        description: "Run request files and check their responses; returns the counts and every failure with its file, line, expected and actual.",
        input: object([
            ("paths", paths),
            ("vars", vars),
            ("tags", arrayOf(type("string"), "Run only requests with one of these tags.")),
            ("names", arrayOf(type("string"), "Run only requests whose name matches one of these (* and ? wildcards, else a substring).")),
        ]),
        output: object([
            ("exit_code", type("integer")), ("passed", type("integer")), ("failed", type("integer")), ("errors", type("integer")),
            ("skipped", type("integer")), ("files", type("integer")), ("invalid_files", type("integer")),
            ("failures", arrayOf(object([
                ("file", type("string")), ("request", type("string")), ("line", nullableInteger), ("column", nullableInteger),
                ("message", type("string")), ("expected", nullableString), ("actual", nullableString),
            ], required: ["file", "request", "message"]))),
            ("problems", arrayOf(diagnostic)),
        ], required: ["exit_code", "passed", "failed", "errors", "skipped", "failures", "problems"])
    ) { arguments, context in
        let given = arguments.member("paths")?.items?.compactMap(\.stringValue) ?? []
        let paths: [String]
        switch context.confined(given) {
        case let .success(checked): paths = checked
        case let .failure(failure): return .failure(failure)
        }
        var words = ["run", "--report-ndjson", "-", "--color", "never", "--quiet"]
        if case let .object(vars)? = arguments.member("vars") {
            for (name, value) in vars { words += ["--var", "\(name)=\(value.stringValue ?? value.jsonText)"] }
        }
        for tag in arguments.member("tags")?.items?.compactMap(\.stringValue) ?? [] { words += ["--tag", tag] }
        for name in arguments.member("names")?.items?.compactMap(\.stringValue) ?? [] { words += ["--name", name] }
        let state = Mutex(RunState())
        let outcome = await MCPChildRun.run(words + ["--"] + paths, root: context.root) { line in
            guard let event = try? JSONParser.parse(Array(line.utf8)) else { return }
            let report = state.withLock { $0.read(event) }
            if let report { context.progress(report.done, report.total, report.message) }
        }
        switch outcome {
        case let .failure(failure): return .failure(failure)
        case let .success(result):
            let run = state.withLock { $0 }
            guard let finished = run.finished else {
                return .failure(MCPToolFailure(message: "rest-run run ended (exit \(result.status)) without finishing: " + result.errors.split(separator: "\n").prefix(5).joined(separator: " ")))
            }
            var members: [(String, DecodedValue)] = ["exit_code", "passed", "failed", "errors", "skipped", "files", "invalid_files"].map { ($0, finished.member($0) ?? .integer(0)) }
            members.append(("failures", .array(run.failures)))
            members.append(("problems", .array(run.problems)))
            return .success(.object(fromPairs: members))
        }
    }

    /// What a run's NDJSON lines said so far.
    struct RunState: Sendable {
        var total: Int?
        var done = 0
        var failures: [DecodedValue] = []
        var problems: [DecodedValue] = []
        var finished: DecodedValue?

        /// Reads one event; the progress to report, when it is a request's end.
        mutating func read(_ event: DecodedValue) -> (done: Int, total: Int?, message: String)? {
            switch event.member("event")?.stringValue {
            case "run_started":
                if case let .integer(count)? = event.member("requests") { total = count }
            case "request_finished":
                done += 1
                let file = event.member("file") ?? .string("")
                let request = event.member("name") ?? .string("")
                for failure in event.member("failures")?.items ?? [] {
                    failures.append(.object(fromPairs: [
                        ("file", file), ("request", request), ("line", failure.member("line") ?? .null), ("column", failure.member("column") ?? .null),
                        ("message", failure.member("message") ?? .string("")), ("expected", failure.member("expected") ?? .null),
                        ("actual", failure.member("actual") ?? .null),
                    ]))
                }
                let outcome = event.member("outcome")?.stringValue ?? ""
                return (done, total, "\(request.stringValue ?? "") \(outcome)")
            case "file_finished" where event.member("invalid") == .bool(true):
                let file = event.member("file") ?? .string("")
                for problem in event.member("problems")?.items ?? [] {
                    problems.append(.object(fromPairs: [
                        ("file", file), ("line", problem.member("line") ?? .null), ("column", problem.member("column") ?? .null),
                        ("message", problem.member("message") ?? .string("")),
                    ]))
                }
            case "run_finished":
                finished = event
            default:
                break
            }
            return nil
        }
    }

    // MARK: check, list

    static let check = MCPTool(
        name: "check",
        description: "Validate request files without sending anything; returns every problem with its file, line and column.",
        input: object([("paths", paths), ("vars", vars)]),
        output: object([("valid", type("boolean")), ("files", type("integer")), ("diagnostics", arrayOf(diagnostic))], required: ["valid", "diagnostics"])
    ) { arguments, context in
        switch await load(arguments, context) {
        case let .failure(failure): return .failure(failure)
        case let .success(loaded):
            let diagnostics = loaded.invalid.flatMap { result in
                result.problems.map { problem in
                    DecodedValue.object(fromPairs: [
                        ("file", .string(problem.location?.file ?? result.path)), ("line", problem.location.map { .integer($0.line) } ?? .null),
                        ("column", problem.location.map { .integer($0.column) } ?? .null), ("message", .string(problem.message)),
                    ])
                }
            }
            return .success(.object(fromPairs: [
                ("valid", .bool(diagnostics.isEmpty)), ("files", .integer(loaded.files.count + loaded.invalid.count)), ("diagnostics", .array(diagnostics)),
            ]))
        }
    }

    static let list = MCPTool(
        name: "list",
        description: "List the requests of request files: each one's file, name, kind (http, graphql, stream, websocket, grpc, mcp) and line.",
        input: object([("paths", paths), ("vars", vars)]),
        output: object([
            ("requests", arrayOf(object([("file", type("string")), ("name", type("string")), ("kind", type("string")), ("line", type("integer"))]))),
            ("invalid_files", arrayOf(type("string"))),
        ], required: ["requests"])
    ) { arguments, context in
        switch await load(arguments, context) {
        case let .failure(failure): return .failure(failure)
        case let .success(loaded):
            var requests: [DecodedValue] = []
            for file in loaded.files {
                for step in file.steps {
                    let name = step.flow.map { "use: \($0.written)" } ?? step.request.name
                    let kind = step.flow == nil ? step.request.kind.name : "use"
                    requests.append(.object(fromPairs: [
                        ("file", .string(file.path)), ("name", .string(name)), ("kind", .string(kind)),
                        ("line", .integer(step.request.location?.line ?? 0)),
                    ]))
                }
            }
            return .success(.object(fromPairs: [("requests", .array(requests)), ("invalid_files", .array(loaded.invalid.map { .string($0.path) }))]))
        }
    }

    /// The files `arguments.paths` names, loaded.
    private static func load(_ arguments: DecodedValue, _ context: MCPToolContext) async -> Result<RunSession.Loaded, MCPToolFailure> {
        let given = arguments.member("paths")?.items?.compactMap(\.stringValue) ?? []
        let paths: [String]
        switch context.confined(given) {
        case let .success(checked): paths = checked
        case let .failure(failure): return .failure(failure)
        }
        let files: [String]
        do {
            files = try InputFiles.expand(paths)
        } catch {
            return .failure(MCPToolFailure(message: "\(error)"))
        }
        var session = RunSession(paths: files)
        session.environment = ProcessEnvironment.current
        if case let .object(vars)? = arguments.member("vars") { session.variables = Dictionary(vars.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }) }
        return .success(await session.load())
    }

    // MARK: import, schema

    static let importing = MCPTool(
        name: "import",
        description: "Turn curl commands, a HAR file, a Postman collection or an OpenAPI spec (as text) into a request file (YAML text).",
        input: object([
            ("format", .object(fromPairs: [("type", .string("string")), ("enum", .array(["curl", "har", "postman", "openapi"].map { .string($0) }))])),
            ("text", type("string", "The curl commands, HAR, Postman collection or OpenAPI spec.")),
        ], required: ["format", "text"]),
        output: object([("yaml", type("string")), ("warnings", arrayOf(type("string")))], required: ["yaml"])
    ) { arguments, context in
        guard let format = arguments.member("format")?.stringValue, let text = arguments.member("text")?.stringValue else {
            return .failure(MCPToolFailure(message: "import needs format and text"))
        }
        let suffix = format == "openapi" ? ".yaml" : format == "curl" ? ".txt" : ".json"
        guard let path = temporaryFile(text, suffix: suffix) else { return .failure(MCPToolFailure(message: "cannot write a temporary file")) }
        defer { unlink(path) }
        switch await MCPChildRun.run(["import", format, path], root: context.root) {
        case let .failure(failure): return .failure(failure)
        case let .success(result):
            guard result.status == 0 else {
                return .failure(MCPToolFailure(message: result.errors.isEmpty ? "rest-run import \(format) failed (exit \(result.status))" : result.errors.replacing(path, with: "the text")))
            }
            let warnings = result.errors.split(separator: "\n").map { DecodedValue.string(String($0).replacing(path, with: "the text")) }
            return .success(.object(fromPairs: [("yaml", .string(result.output.replacing(path, with: "the text"))), ("warnings", .array(warnings))]))
        }
    }

    static let schema = MCPTool(
        name: "schema",
        description: "The JSON Schema of request files (what every key means and takes).",
        input: object([]),
        output: object([("schema", type("object"))], required: ["schema"])
    ) { _, _ in
        .success(.object(fromPairs: [("schema", RequestFileSchema.value)]))
    }

    /// A file in the temporary folder holding `text`; its path.
    private static func temporaryFile(_ text: String, suffix: String) -> String? {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/rest-run-mcp-XXXXXX" + suffix).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemps($0, Int32(suffix.utf8.count)) } ?? -1
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            written += count
        }
        return template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { String(cString: $0) } }
    }
}
