/// A YAML text that could not be read: a syntax error, a duplicate key, an unknown alias.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as one sentence without a trailing period.
    public var message: String
    /// Where it went wrong.
    public var mark: Mark

    /// Creates an error at a mark.
    public init(_ message: String, at mark: Mark) {
        self.message = message
        self.mark = mark
    }

    /// `line:column: message`
    public var description: String { "\(mark): \(message)" }
}
