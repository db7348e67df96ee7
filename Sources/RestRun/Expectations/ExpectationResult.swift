/// The outcome of one expectation, for the terminal and the reports.
public struct ExpectationResult: Sendable {
    /// The expectation's label (`status`, `$.data[0].id`).
    public var label: String
    /// Whether it held.
    public var passed: Bool
    /// What was expected, in words.
    public var expected: String
    /// What was found, as JSON (secrets redacted), or a phrase when nothing was found.
    public var actual: String
    /// Where the expectation was written.
    public var location: SourceLocation?
    /// A reason beyond "different value", such as a type mismatch.
    public var reason: String?

    /// The failure as a diagnostic in the contract's form.
    public var diagnostic: Diagnostic {
        var notes = ["expected: \(expected)", "actual:   \(actual)"]
        if let reason { notes.append("note:     \(reason)") }
        return Diagnostic("expectation failed: \(label)", at: location, notes: notes)
    }
}
