/// A position in a YAML source text: 1-based line and column, counted in Unicode scalars.
package struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column.
    package var column: Int

    /// Creates a mark at a 1-based line and column.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the way compilers print a position.
    package var description: String { "\(line):\(column)" }

    /// Marks order by line, then column.
    package static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
