/// A `when:` condition: a variable or capture and the predicate its value must satisfy, with
/// where it was written. A request runs only when all of its conditions hold.
package struct WhenCondition: Sendable {
    /// The variable's or capture's name.
    package var name: String
    /// What its value must satisfy (`exists: false` holds when it is not set).
    package var predicate: Predicate
    /// Where the name was written.
    package var location: SourceLocation?

    /// Creates a condition.
    package init(name: String, predicate: Predicate, location: SourceLocation?) {
        self.name = name
        self.predicate = predicate
        self.location = location
    }

    /// Nil when the condition holds in `scope`; otherwise why not, as the reason a skipped request
    /// shows: `when env equals "prod" did not hold (env is "staging")`.
    package func failure(in scope: Scope) throws(Diagnostic) -> String? {
        let value = scope[name]
        let outcome = try predicate.evaluate(value, in: scope)
        guard !outcome.passed else { return nil }
        let found = value.map { "\(name) is \($0.jsonText(limit: 80).truncatedForDisplay(80))" } ?? "\(name) is not set"
        return "when \(name) \(outcome.expected) did not hold (\(found))"
    }
}
