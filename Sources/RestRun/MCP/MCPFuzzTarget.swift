import OrderedCollections
import RestRunYAML

/// The MCP server `rest-run fuzz FILE` fuzzes: the file's `mcp_server:` and `mcp_client:`,
/// rendered as a run renders them, and what a finding file needs to reach the same server.
package struct MCPFuzzTarget: Sendable {
    package var address: MCPServerAddress
    package var answers: MCPClientAnswers
    package var environment: [String: String]
    /// The server as written (templates unrendered, so no secret is copied).
    private var setting: MCPServerSetting
    /// The file's `variables:` and `mcp_client:` as written, whole top-level entries.
    private var copiedText: String

    /// The file at `path`'s server, or nil when it declares none; its problems are thrown.
    package static func load(path: String, environment: [String: String], variables: [String: DecodedValue]) throws(DiagnosticList) -> MCPFuzzTarget? {
        let document = try YAMLDocument.load(path: path)
        let context = LoadContext(source: document.source, templateParser: TemplateParser(environment: environment), schemas: SchemaLibrary())
        var setting = MCPServerSetting()
        var written: [(name: String, value: ValueTemplate)] = []
        guard let pairs = document.root.pairs else { return nil }
        for pair in pairs {
            switch pair.key.scalarText {
            case "mcp_server": setting.readServer(pair.value, context: context)
            case "mcp_client": setting.readClient(pair.value, context: context)
            case "variables":
                for entry in context.entries(pair.value, "'variables'") ?? [] { written.append((entry.key, context.valueTemplate(entry.node))) }
            default: break
            }
        }
        if !context.diagnostics.isEmpty { throw DiagnosticList(context.diagnostics) }
        guard setting.isDeclared else { return nil }
        let scope = Scope(written, given: variables)
        do throws(Diagnostic) {
            return MCPFuzzTarget(
                address: try setting.address(in: scope), answers: try setting.answers(in: scope), environment: environment, setting: setting,
                copiedText: Self.topLevelEntries(["variables", "mcp_client"], of: document.source.text))
        } catch {
            throw DiagnosticList([error])
        }
    }

    /// The start of a finding file saved in `folder`: the server, starting in the same folder as
    /// the fuzzed file's, and the file's variables and client answers.
    package func findingHeader(savedIn folder: String) -> String {
        guard case var .object(server) = setting.written else { return copiedText }
        if case let .stdio(_, _, started) = address.transport {
            let relative = FileSystem.relativePath(of: started, from: folder)
            server["cwd"] = .string(relative.isEmpty ? "." : relative)
        }
        if let caFile = setting.caFile { server["ca_file"] = .string(FileSystem.relativePath(of: caFile, from: folder)) }
        return "mcp_server: " + DecodedValue.object(server).jsonText + "\n" + copiedText
    }

    /// The text of the top-level entries `keys` of a YAML file, each from its key to the next
    /// line that starts at the first column.
    static func topLevelEntries(_ keys: [String], of text: String) -> String {
        var copied: [Substring] = []
        var copying = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first != " ", first != "\t", first != "#" {
                copying = keys.contains { line.hasPrefix($0 + ":") }
            }
            if copying { copied.append(line) }
        }
        while copied.last?.trimmingPrefix(" ").isEmpty == true { copied.removeLast() }
        return copied.isEmpty ? "" : copied.joined(separator: "\n") + "\n"
    }
}
