import ArgumentParser
import RestRun
import RestRunImporting

/// `rest-run import openapi SPEC`: a starter smoke suite, one request per operation.
struct ImportOpenAPICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Write a smoke suite from an OpenAPI spec: one request per operation, every response checked against it.",
        discussion: """
            Values come from the spec's examples, else from its schemas. base_url is ${API_URL:-<the spec's first \
            server>}; openapi: names the spec, so every response is checked against it.
            """)

    @Argument(help: ArgumentHelp("The OpenAPI 3.0 or 3.1 spec (YAML or JSON).", valueName: "SPEC"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var spec: String

    @Flag(name: .customLong("strict"), help: OpenAPIStrictness.help)
    var strict = false

    @OptionGroup var output: ImportOutputOptions

    func run() async throws {
        let stderr = FileDescriptorSink.standardError
        let printer = DiagnosticPrinter(errors: stderr, annotations: stderr, colors: false)
        let loaded: OpenAPISpec
        do {
            loaded = try OpenAPISpec.load(path: spec, strict: strict)
        } catch {
            printer.print(error)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        if !loaded.warnings.isEmpty { printer.print(DiagnosticList(loaded.warnings)) }
        let requests = OpenAPIImporter.requests(loaded)
        guard !requests.isEmpty else {
            stderr.write("error: \(spec) has no operations\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        let server = loaded.firstServer.flatMap { URLBuilder.isAbsolute($0) ? $0 : nil } ?? "http://localhost:8080"
        let text = RequestFileWriter.text(
            requests, comments: ["Imported by rest-run import openapi from \(spec): one request per operation."],
            baseURL: "${API_URL:-\(server)}", openAPI: FileSystem.relativePath(of: spec, from: output.directory))
        try output.deliver(text, requests: requests.count, warnings: [])
    }
}
