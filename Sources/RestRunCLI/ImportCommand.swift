import ArgumentParser
import RestRun

/// `rest-run import curl|...`: writes a request file from another tool's requests.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a request file from curl commands or an OpenAPI spec.",
        subcommands: [ImportCurlCommand.self, ImportOpenAPICommand.self])
}

/// What every importer takes: where to write, and whether to replace a file.
struct ImportOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the request file here (default: standard output).", valueName: "PATH"),
            completion: .file(extensions: ["yaml", "yml"]))
    var output: String?

    @Flag(help: "Replace the file at -o if there is one.")
    var force = false

    /// Writes `text`, or prints it; says where on standard error. A file already there without
    /// `--force` ends the command with exit 1 and writes nothing.
    func deliver(_ text: String, requests: Int, warnings: [String]) throws {
        let stderr = FileDescriptorSink.standardError
        for warning in warnings { stderr.write("warning: \(warning)\n") }
        guard let output else {
            FileDescriptorSink.standardOutput.write(text)
            return
        }
        if FileSystem.exists(output), !force {
            stderr.write("error: \(output) exists; add --force to replace it\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
        }
        do {
            try FileSystem.writeCreatingFolders(text, to: output)
        } catch {
            stderr.write("error: cannot write \(output): \(error.message)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
        }
        stderr.write("wrote \(output) (\(requests) request\(requests == 1 ? "" : "s"))\n")
    }

    /// The folder the request file's relative paths are written from.
    var directory: String {
        guard let output, let slash = output.lastIndex(of: "/") else { return FileSystem.currentDirectory() }
        let folder = String(output[..<slash])
        return folder.hasPrefix("/") ? folder : FileSystem.currentDirectory() + "/" + folder
    }
}

/// `rest-run import curl FILE|-` or `rest-run import curl -- curl -X POST ...`.
struct ImportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Write a request file that sends what curl commands send.",
        discussion: """
            INPUT is a file of curl commands (several, with \\ line continuations and shell quoting) or - for \
            standard input; or give one command after --: rest-run import curl -- curl -X POST https://... \
            (the word curl is optional). Flags rest-run cannot express are listed as warnings.
            """)

    @Argument(help: ArgumentHelp("A file of curl commands, or - for standard input.", valueName: "INPUT"), completion: .file())
    var input: String?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("A curl command, after --.", valueName: "COMMAND"))
    var command: [String] = []

    @OptionGroup var output: ImportOutputOptions

    func run() async throws {
        let stderr = FileDescriptorSink.standardError
        var importer = CurlImporter(workingDirectory: FileSystem.currentDirectory(), outputDirectory: output.directory)
        let requests: [ImportedRequest]
        var source = "curl command"
        if !command.isEmpty {
            requests = importer.requests(fromWords: command)
        } else if let input {
            source = input == "-" ? "standard input" : input
            let text: String
            do {
                let bytes = input == "-" ? try FileSystem.readStandardInput() : try FileSystem.readBytes(input)
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    stderr.write("error: \(source) is not UTF-8 text\n")
                    throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
                }
                text = decoded
            } catch let error as FileSystem.Failure {
                stderr.write("error: cannot read \(source): \(error.message)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
            }
            do {
                requests = try importer.requests(from: text)
            } catch {
                stderr.write("\(input == "-" ? "<stdin>" : input):\(error.line):1: error: \(error.message)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
            }
        } else {
            throw ValidationError("give a file of curl commands, - for standard input, or a command after --")
        }
        guard !requests.isEmpty else {
            for warning in importer.warnings { stderr.write("warning: \(warning)\n") }
            stderr.write("error: no curl command with a URL in \(source)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        let text = RequestFileWriter.text(requests, comments: ["Imported by rest-run import curl from \(source)."])
        try output.deliver(text, requests: requests.count, warnings: importer.warnings)
    }
}

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

    @OptionGroup var output: ImportOutputOptions

    func run() async throws {
        let stderr = FileDescriptorSink.standardError
        let printer = DiagnosticPrinter(errors: stderr, annotations: stderr, colors: false)
        let loaded: OpenAPISpec
        do {
            loaded = try OpenAPISpec.load(path: spec)
        } catch {
            printer.print(error)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
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
