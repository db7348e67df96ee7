package import RestRun

/// One distinct failure a fuzz run found: an operation, the check that failed on it and the
/// status it answered, with the (smallest) case that shows it.
package struct FuzzFinding: Sendable {
    /// `GET /items/{id}`
    package var operation: String
    package var check: FuzzCheck
    /// The status answered; 0 when no answer came.
    package var status: Int
    /// What was wrong, in one sentence, and its details.
    package var message: String
    package var details: [String] = []
    /// The requests that show it, in order (more than one for a stateful finding); the last is
    /// the one the check failed on.
    package var steps: [FuzzStep]
    /// What a saved file expects of the last request's status, where the check's usual
    /// expectation is not the one (a YAML flow value).
    package var expectedStatus: String?
    /// What a saved file expects of the last response's headers besides its status: a header's
    /// name and a predicate (a YAML flow value).
    package var expectedHeaders: [(name: String, predicate: String)] = []
    /// Where the finding was saved as a request file.
    package var file: String?

    /// What makes two findings the same one.
    package var key: String { "\(operation) \(check.rawValue) \(status)" }
}

/// One request of a finding: the case and the request it became (redacted when shown).
package struct FuzzStep: Sendable {
    package var fuzzCase: FuzzCase
    package var request: PreparedRequest
    /// The status it got; 0 when none came.
    package var status: Int
    /// Path parameters whose value an earlier step's response gave: the step, and the JSONPath
    /// a saved file captures it with (nil: the value is written as it is).
    package var linked: [String: Link] = [:]

    /// Where a linked value came from.
    package struct Link: Sendable {
        package var step: Int
        package var capture: String?
    }
}
