/// The outcome of one expectation, for the terminal and the reports.
package struct ExpectationResult: Sendable {
    /// The expectation's label (`status`, `$.data[0].id`).
    package var label: String
    /// Whether it held.
    package var passed: Bool
    /// What was expected, in words (secrets redacted).
    package var expected: String { Self.text(expectedParts) }
    /// What was found, as JSON (secrets redacted), or a phrase when nothing was found.
    package var actual: String {
        get { Self.text(actualParts) }
        set { actualParts = (.words(newValue), nil) }
    }
    /// Both, kept as parts (and the redactor that hides secrets in them) until they are shown.
    private let expectedParts: (text: ShownText, redactor: Redactor?)
    private var actualParts: (text: ShownText, redactor: Redactor?)
    /// Where the expectation was written.
    package var location: SourceLocation?
    /// A reason beyond "different value", such as a type mismatch.
    package var reason: String?
    /// For `schema:`, each way the value failed, most specific first.
    package var details: [String] = []

    /// A result whose texts are made already.
    package init(
        label: String, passed: Bool, expected: String, actual: String, location: SourceLocation?,
        reason: String? = nil, details: [String] = []
    ) {
        self.label = label
        self.passed = passed
        expectedParts = (.words(expected), nil)
        actualParts = (.words(actual), nil)
        self.location = location
        self.reason = reason
        self.details = details
    }

    /// A result whose texts are made, with `redactor` hiding secrets, only when shown.
    package init(
        label: String, passed: Bool, expected: ShownText, actual: ShownText, redactor: Redactor,
        location: SourceLocation?, reason: String? = nil
    ) {
        self.label = label
        self.passed = passed
        expectedParts = (expected, redactor)
        actualParts = (actual, redactor)
        self.location = location
        self.reason = reason
    }

    private static func text(_ parts: (text: ShownText, redactor: Redactor?)) -> String {
        let text = parts.text.description
        return parts.redactor?.redact(text) ?? text
    }

    /// Whether `failure` is this expectation's: `expectation failed: LABEL`, or a sentence that
    /// starts with the label (a snapshot's change: `snapshot: $.a: 1 → 2` for `snapshot: $.a`).
    package func isReported(by failure: Diagnostic) -> Bool {
        failure.location == location && (failure.message == "expectation failed: \(label)" || failure.message.hasPrefix(label + ": "))
    }

    /// The failure as a diagnostic in the contract's form.
    package var diagnostic: Diagnostic {
        var notes = ["expected: \(expected)", "actual:   \(actual)"]
        if let reason { notes.append("note:     \(reason)") }
        notes += details
        return Diagnostic("expectation failed: \(label)", at: location, notes: notes)
    }
}
