import ArgumentParser
import RestRun
import RestRunImporting

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
        let source = input == "-" ? "<stdin>" : input
        let bytes = try ImportOutputOptions.read(input)
        var importer = PostmanImporter(workingDirectory: FileSystem.currentDirectory(), outputDirectory: output.directory)
        let requests = try ImportOutputOptions.requests(from: source) { () throws(ImportProblem) in try importer.requests(from: bytes) }
        try output.write(
            requests, comment: "Imported by rest-run import postman from \(source).", variables: importer.variables,
            warnings: importer.warnings, nothing: "\(source) has no requests")
    }
}
