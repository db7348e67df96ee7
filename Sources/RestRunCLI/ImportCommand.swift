import ArgumentParser
import RestRun
import RestRunImporting

/// `rest-run import curl|...`: writes a request file from another tool's requests.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a request file from curl commands, a HAR file, a Postman collection or an OpenAPI spec.",
        subcommands: [ImportCurlCommand.self, ImportHARCommand.self, ImportPostmanCommand.self, ImportOpenAPICommand.self])
}
