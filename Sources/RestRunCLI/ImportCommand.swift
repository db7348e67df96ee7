import ArgumentParser
import RestRun

/// `rest-run import curl|...`: writes a request file from another tool's requests.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a request file from curl commands, a HAR file, a Postman collection or an OpenAPI spec.",
        subcommands: [ImportCurlCommand.self, ImportHARCommand.self, ImportPostmanCommand.self, ImportOpenAPICommand.self])
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

    /// The bytes of `input` (a file, or `-` for standard input); one sentence and exit 2 when it
    /// cannot be read.
    static func read(_ input: String) throws -> [UInt8] {
        do {
            return input == "-" ? try FileSystem.readStandardInput() : try FileSystem.readBytes(input)
        } catch {
            FileDescriptorSink.standardError.write("error: cannot read \(input == "-" ? "<stdin>" : input): \(error.message)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
    }

    /// Ends the command with exit 2: `message` at `line` of `source`, nothing written.
    static func fail(_ source: String, line: Int, _ message: String) -> ArgumentParser.ExitCode {
        FileDescriptorSink.standardError.write("\(source):\(line):1: error: \(message)\n")
        return ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
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
            guard let text = String(validating: try ImportOutputOptions.read(input), as: UTF8.self) else {
                stderr.write("error: \(source) is not UTF-8 text\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
            }
            do {
                requests = try importer.requests(from: text)
            } catch {
                throw ImportOutputOptions.fail(input == "-" ? "<stdin>" : input, line: error.line, error.message)
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

/// `rest-run import har FILE|-`: a request per entry of a HAR 1.2 log.
struct ImportHARCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Write a request file from a HAR 1.2 file (browser devtools, --report-har): a request per entry.",
        discussion: """
            Static assets (images, fonts, styles, scripts, pages) are left out. A value an earlier response gave \
            that a later request sends again (an id, a token) becomes a capture and a {{name}} reference.
            """)

    @Argument(help: ArgumentHelp("The HAR file, or - for standard input.", valueName: "INPUT"), completion: .file(extensions: ["har", "json"]))
    var input: String

    @Option(name: .customLong("include-host"), help: ArgumentHelp("Keep only requests to this host (and its subdomains); repeatable.", valueName: "HOST"))
    var includeHosts: [String] = []

    @Option(name: .customLong("exclude-type"), help: ArgumentHelp("Also leave out responses of this MIME type or URLs with this extension (image, .map); none keeps the static assets; repeatable.", valueName: "TYPE"))
    var excludeTypes: [String] = []

    @Flag(name: .customLong("expect-status"), help: "Expect the status each response had.")
    var expectStatus = false

    @OptionGroup var output: ImportOutputOptions

    func run() async throws {
        let stderr = FileDescriptorSink.standardError
        let source = input == "-" ? "<stdin>" : input
        let bytes = try ImportOutputOptions.read(input)
        var importer = HARImporter()
        importer.includeHosts = includeHosts
        importer.excludeTypes = excludeTypes
        importer.expectsStatus = expectStatus
        let requests: [ImportedRequest]
        do {
            requests = try importer.requests(from: bytes)
        } catch {
            throw ImportOutputOptions.fail(source, line: error.line, error.message)
        }
        guard !requests.isEmpty else {
            for warning in importer.warnings { stderr.write("warning: \(warning)\n") }
            stderr.write("error: no request in \(source) is left to import (static assets and other hosts are left out)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        let text = RequestFileWriter.text(requests, comments: ["Imported by rest-run import har from \(source)."])
        try output.deliver(text, requests: requests.count, warnings: importer.warnings)
    }
}

/// `rest-run import postman FILE|-`: a Postman collection (v2.0 or v2.1).
struct ImportPostmanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postman",
        abstract: "Write a request file from a Postman collection (v2.0 or v2.1): folders become tags.",
        discussion: """
            Collection and folder variables become variables:; those the collection leaves to an environment \
            default to ${NAME:-}. Scripts are not run: each is listed as a warning and kept as a comment.
            """)

    @Argument(help: ArgumentHelp("The collection's JSON file, or - for standard input.", valueName: "INPUT"), completion: .file(extensions: ["json"]))
    var input: String

    @OptionGroup var output: ImportOutputOptions

    func run() async throws {
        let stderr = FileDescriptorSink.standardError
        let source = input == "-" ? "<stdin>" : input
        let bytes = try ImportOutputOptions.read(input)
        var importer = PostmanImporter(workingDirectory: FileSystem.currentDirectory(), outputDirectory: output.directory)
        let requests: [ImportedRequest]
        do {
            requests = try importer.requests(from: bytes)
        } catch {
            throw ImportOutputOptions.fail(source, line: error.line, error.message)
        }
        guard !requests.isEmpty else {
            stderr.write("error: \(source) has no requests\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        let text = RequestFileWriter.text(
            requests, comments: ["Imported by rest-run import postman from \(source)."], variables: importer.variables)
        try output.deliver(text, requests: requests.count, warnings: importer.warnings)
    }
}
