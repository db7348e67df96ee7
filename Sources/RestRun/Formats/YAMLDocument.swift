package import RestRunYAML

/// A YAML file read and parsed, its text kept for diagnostics: what request files, included files,
/// routes files and variables files all start from.
package struct YAMLDocument: Sendable {
    /// The file's text, for locations.
    public let source: SourceText
    /// The document's root node.
    public let root: Node

    /// Reads and parses the file at `path`; a file that cannot be read or parsed is one diagnostic.
    public static func load(path: String) throws(DiagnosticList) -> YAMLDocument {
        try parse(text: readText(path).text, path: path)
    }

    /// The bytes and text of the file at `path` (a regular file, size bounded, UTF-8); a file
    /// that cannot be read is one diagnostic, a byte that is not UTF-8 one at its line.
    package static func readText(_ path: String) throws(DiagnosticList) -> (bytes: [UInt8], text: String) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(path)
        } catch {
            throw DiagnosticList([Diagnostic(error.message)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (line, column) = UTF8Position.firstInvalidByte(in: bytes)
            let source = SourceText(path: path, text: String(decoding: bytes, as: UTF8.self))
            throw DiagnosticList([Diagnostic(
                "'\(path)' is not UTF-8 text: this byte is not valid UTF-8", at: source.location(Mark(line: line, column: column)))])
        }
        return (bytes, text)
    }

    /// Parses `text`; `path` names it in messages.
    public static func parse(text: String, path: String) throws(DiagnosticList) -> YAMLDocument {
        let source = SourceText(path: path, text: text)
        do {
            return YAMLDocument(source: source, root: try YAMLParser.parse(text))
        } catch {
            throw DiagnosticList([Diagnostic(
                error.message, at: source.location(error.mark), notes: YAMLHint.notes(for: error.message, at: error.mark, in: source))])
        }
    }
}
