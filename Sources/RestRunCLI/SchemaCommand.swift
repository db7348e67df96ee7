import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run schema [--routes | --ndjson]`: prints the JSON Schema of the request-file format (or
/// of mock routes files, or of a line of `--report-ndjson`) for editors and tools.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema of request files (or, with --routes, of mock routes files; with --ndjson, of a --report-ndjson line; with --config, of .rest-run.yaml).",
        discussion: """
            Save it and point yaml-language-server at it (VS Code's YAML extension, Neovim's yamlls): \
            rest-run schema > .rest-run.schema.json, then start a request file with \
            # yaml-language-server: $schema=./.rest-run.schema.json
            """)

    @Flag(help: "The schema of mock routes files instead.")
    var routes = false

    @Flag(help: "The schema of one line of --report-ndjson instead.")
    var ndjson = false

    @Flag(help: "The schema of config files (.rest-run.yaml) instead.")
    var config = false

    func validate() throws {
        if [routes, ndjson, config].filter({ $0 }).count > 1 { throw ValidationError("--routes, --ndjson and --config: choose one schema") }
    }

    func run() throws {
        let schema = config ? ConfigSchema.value : ndjson ? NDJSONSchema.value : routes ? RoutesFileSchema.value : RequestFileSchema.value
        FileDescriptorSink.standardOutput.write(schema.prettyJSONText + "\n")
    }
}
