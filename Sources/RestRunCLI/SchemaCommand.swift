import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run schema [--routes]`: prints the JSON Schema of the request-file format (or of mock
/// routes files) for editors.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema of request files (or, with --routes, of mock routes files) for your editor.",
        discussion: """
            Save it and point yaml-language-server at it (VS Code's YAML extension, Neovim's yamlls): \
            rest-run schema > .rest-run.schema.json, then start a request file with \
            # yaml-language-server: $schema=./.rest-run.schema.json
            """)

    @Flag(help: "The schema of mock routes files instead.")
    var routes = false

    func run() throws {
        let schema = routes ? RoutesFileSchema.value : RequestFileSchema.value
        FileDescriptorSink.standardOutput.write(schema.prettyJSONText + "\n")
    }
}
