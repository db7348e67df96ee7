import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run schema [--routes | --ndjson]`: prints the JSON Schema of the request-file format (or
/// of mock routes files, or of a line of `--report-ndjson`) for editors and tools.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema of request files (or, with --routes, of mock routes files; with --ndjson, of a --report-ndjson line).",
        discussion: """
            Save it and point yaml-language-server at it (VS Code's YAML extension, Neovim's yamlls): \
            rest-run schema > .rest-run.schema.json, then start a request file with \
            # yaml-language-server: $schema=./.rest-run.schema.json
            """)

    @Flag(help: "The schema of mock routes files instead.")
    var routes = false

    @Flag(help: "The schema of one line of --report-ndjson instead.")
    var ndjson = false

    func validate() throws {
        if routes, ndjson { throw ValidationError("--routes and --ndjson: choose one schema") }
    }

    func run() throws {
        let schema = ndjson ? NDJSONSchema.value : routes ? RoutesFileSchema.value : RequestFileSchema.value
        FileDescriptorSink.standardOutput.write(schema.prettyJSONText + "\n")
    }
}
