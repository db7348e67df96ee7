/// Several diagnostics that stop a file from running: all of a file's errors, collected in file order.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, sorted by file, line and column.
    public var diagnostics: [Diagnostic]

    /// Creates a list, sorted into file order.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.enumerated().sorted { lhs, rhs in
            let a = lhs.element.location, b = rhs.element.location
            guard let a, let b, a.file == b.file else { return lhs.offset < rhs.offset }
            return (a.line, a.column, lhs.offset) < (b.line, b.column, rhs.offset)
        }.map(\.element)
    }

    /// Every diagnostic, separated by blank lines.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
