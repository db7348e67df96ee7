/// A YAML text that could not be read: a syntax error, a duplicate key, an unknown alias.
package struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as one sentence without a trailing period.
    package var message: String
    /// Where it went wrong.
    package var mark: Mark

    /// Creates an error at a mark.
    package init(_ message: String, at mark: Mark) {
        self.message = message
        self.mark = mark
    }

    /// `line:column: message`
    package var description: String { "\(mark): \(message)" }
}
