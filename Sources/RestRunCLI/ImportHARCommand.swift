import ArgumentParser
import RestRun
import RestRunImporting

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
        let source = input == "-" ? "<stdin>" : input
        let bytes = try ImportOutputOptions.read(input)
        var importer = HARImporter()
        importer.includeHosts = includeHosts
        importer.excludeTypes = excludeTypes
        importer.expectsStatus = expectStatus
        let requests = try ImportOutputOptions.requests(from: source) { () throws(ImportProblem) in try importer.requests(from: bytes) }
        try output.write(
            requests, comment: "Imported by rest-run import har from \(source).", warnings: importer.warnings,
            nothing: "no request in \(source) is left to import (static assets and other hosts are left out)")
    }
}
