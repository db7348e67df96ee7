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
        // Split on UTF-8 bytes: a newline byte is always a line break, and this is much faster than
        // splitting by Character on large files.
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") {
                var end = index
                if end != start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
                lines.append(text[start..<end])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        lines.append(text[start..<utf8.endIndex])
        self.lines = lines
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
