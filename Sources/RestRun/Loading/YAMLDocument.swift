public import RestRunYAML

/// A YAML file read and parsed, its text kept for diagnostics: what request files, included files,
/// routes files and variables files all start from.
public struct YAMLDocument: Sendable {
    /// The file's text, for locations.
    public let source: SourceText
    /// The document's root node.
    public let root: Node

    /// Reads and parses the file at `path`; a file that cannot be read or parsed is one diagnostic.
    public static func load(path: String) throws(DiagnosticList) -> YAMLDocument {
        let text: String
        do {
            text = try FileSystem.readText(path)
        } catch {
            throw DiagnosticList([Diagnostic(error.message)])
        }
        return try parse(text: text, path: path)
    }

    /// Parses `text`; `path` names it in messages.
    public static func parse(text: String, path: String) throws(DiagnosticList) -> YAMLDocument {
        let source = SourceText(path: path, text: text)
        do {
            return YAMLDocument(source: source, root: try YAMLParser.parse(text))
        } catch {
            throw DiagnosticList([Diagnostic(error.message, at: source.location(error.mark))])
        }
    }
}
