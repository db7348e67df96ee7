public import RestRunYAML

/// A request file's text, kept so that any mark in it can become a `SourceLocation` with its line.
public struct SourceText: Sendable {
    /// The path as the user gave it.
    public let path: String
    /// The lines of the file, without their line breaks.
    public let lines: [Substring]

    /// Wraps `text` read from `path`.
    public init(path: String, text: String) {
        self.path = path
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
    }

    /// The location of `mark` in this file, with the line's text.
    public func location(_ mark: Mark) -> SourceLocation {
        let lineText = lines.indices.contains(mark.line - 1) ? String(lines[mark.line - 1]) : nil
        return SourceLocation(file: path, line: mark.line, column: mark.column, lineText: lineText)
    }

    /// The location `offset` characters to the right of `mark`, on the same line.
    public func location(_ mark: Mark, offset: Int) -> SourceLocation {
        location(Mark(line: mark.line, column: mark.column + offset))
    }
}
