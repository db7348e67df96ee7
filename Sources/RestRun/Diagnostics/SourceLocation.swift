/// Where something was written: a file, a 1-based line and column, and that line's text.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// The file's text and where the line sits in it (UTF-8 offsets, line break excluded): loading
    /// makes a location for every request and expectation, and only a diagnostic ever reads the line.
    private var source: String?
    private var lineStart = 0
    private var lineEnd = 0

    /// The text of the line, for the excerpt under a diagnostic.
    public var lineText: String? {
        get {
            guard let source else { return nil }
            let utf8 = source.utf8
            guard lineStart <= lineEnd, lineEnd <= utf8.count else { return nil }
            let start = utf8.index(utf8.startIndex, offsetBy: lineStart)
            var end = utf8.index(utf8.startIndex, offsetBy: lineEnd)
            if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
            return String(source[start..<end])
        }
        set {
            source = newValue
            lineStart = 0
            lineEnd = newValue?.utf8.count ?? 0
        }
    }

    /// Creates a location.
    public init(file: String, line: Int, column: Int, lineText: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.lineText = lineText
    }

    /// Creates a location whose line is `range` (UTF-8 offsets) of `text`, the file's whole text.
    init(file: String, line: Int, column: Int, text: String, lineRange range: Range<Int>) {
        self.file = file
        self.line = line
        self.column = column
        source = text
        lineStart = range.lowerBound
        lineEnd = range.upperBound
    }

    /// Locations are equal when they name the same place and show the same line.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.file == rhs.file && lhs.line == rhs.line && lhs.column == rhs.column && lhs.lineText == rhs.lineText
    }

    /// `file:line:column`
    public var description: String { "\(file):\(line):\(column)" }
}
