/// Where something was written: a file, a 1-based line and column, and that line's text.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// The text of the line, for the excerpt under a diagnostic.
    public var lineText: String?

    /// Creates a location.
    public init(file: String, line: Int, column: Int, lineText: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.lineText = lineText
    }

    /// `file:line:column`
    public var description: String { "\(file):\(line):\(column)" }
}
