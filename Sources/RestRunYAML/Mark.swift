/// A position in a YAML source text: 1-based line and column, counted in Unicode scalars.
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a mark at a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the way compilers print a position.
    public var description: String { "\(line):\(column)" }

    /// Marks order by line, then column.
    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
