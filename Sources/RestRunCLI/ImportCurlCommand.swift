import ArgumentParser
import RestRun
import RestRunImporting

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
        var importer = CurlImporter(workingDirectory: FileSystem.currentDirectory(), outputDirectory: output.directory)
        let requests: [ImportedHTTPRequest]
        var source = "curl command"
        if !command.isEmpty {
            requests = importer.requests(fromWords: command)
        } else if let input {
            source = input == "-" ? "standard input" : input
            guard let text = String(validating: try ImportOutputOptions.read(input), as: UTF8.self) else {
                FileDescriptorSink.standardError.write("error: \(source) is not UTF-8 text\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
            }
            requests = try ImportOutputOptions.requests(from: input == "-" ? "<stdin>" : input) { () throws(ImportProblem) in
                try importer.requests(from: text)
            }
        } else {
            throw ValidationError("give a file of curl commands, - for standard input, or a command after --")
        }
        try output.write(
            requests, comment: "Imported by rest-run import curl from \(source).", warnings: importer.warnings,
            nothing: "no curl command with a URL in \(source)")
    }
}
