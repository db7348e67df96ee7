/// Where something was written: a file, a 1-based line and column, and that line's text.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// The line as a slice of the file's text: loading makes a location for every request and
    /// expectation, and only a diagnostic ever reads the line.
    private var lineSlice: Substring?

    /// The text of the line, for the excerpt under a diagnostic.
    public var lineText: String? {
        get { lineSlice.map(String.init) }
        set { lineSlice = newValue.map { $0[...] } }
    }

    /// Creates a location.
    public init(file: String, line: Int, column: Int, lineText: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        lineSlice = lineText.map { $0[...] }
    }

    /// Creates a location whose line is a slice of the file's text.
    init(file: String, line: Int, column: Int, lineSlice: Substring?) {
        self.file = file
        self.line = line
        self.column = column
        self.lineSlice = lineSlice
    }

    /// `file:line:column`
    public var description: String { "\(file):\(line):\(column)" }
}
