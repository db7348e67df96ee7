package import RestRun

/// What a fuzz run did: each operation's requests and findings, the findings themselves, and the
/// statuses it exercised for the coverage table.
package struct FuzzReport: Sendable {
    /// One operation's line.
    package struct OperationTally: Sendable {
        /// `GET /items/{id}`
        package var name: String
        package var requests = 0
        /// How long its cases took.
        package var duration: Duration = .zero
        /// Findings by check.
        package var findings: [FuzzCheck: Int] = [:]
    }

    package var seed: UInt64
    package var operations: [OperationTally] = []
    /// Every distinct finding, in the order found.
    package var findings: [FuzzFinding] = []
    /// The operations and statuses exercised.
    package var hits: Set<OperationHit> = []
    package var requests = 0
    package var duration: Duration = .zero
    /// Why the run stopped early (a time or request limit), if it did.
    package var stoppedBy: String?
    /// The server could not be reached at all: the sentence that says so.
    package var unreachable: String?
}
