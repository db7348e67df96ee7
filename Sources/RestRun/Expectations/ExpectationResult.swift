/// The outcome of one expectation, for the terminal and the reports.
package struct ExpectationResult: Sendable {
    /// The expectation's label (`status`, `$.data[0].id`).
    package var label: String
    /// Whether it held.
    package var passed: Bool
    /// What was expected, in words.
    package var expected: String
    /// What was found, as JSON (secrets redacted), or a phrase when nothing was found.
    package var actual: String
    /// Where the expectation was written.
    package var location: SourceLocation?
    /// A reason beyond "different value", such as a type mismatch.
    package var reason: String?
    /// For `schema:`, each way the value failed, most specific first.
    package var details: [String] = []

    /// The failure as a diagnostic in the contract's form.
    package var diagnostic: Diagnostic {
        var notes = ["expected: \(expected)", "actual:   \(actual)"]
        if let reason { notes.append("note:     \(reason)") }
        notes += details
        return Diagnostic("expectation failed: \(label)", at: location, notes: notes)
    }
}
