/// What a kind of exchange received beyond a status and a body, as a step's result keeps it
/// (redacted) for the reports: an event stream's events, a WebSocket conversation's messages.
package protocol ExchangeDetails: Sendable {
    /// When the first of them arrived, from sending: what `first_event` budgets measure.
    var firstArrival: Duration? { get }
    /// The details as the JSON report writes them: its members, in order (`first_event_ms`, `events`).
    var reportMembers: [(String, DecodedValue)] { get }
    /// How many there are and what one is called (`event`, `message`), and the first `limit` as
    /// lines for the HTML report.
    func reportLines(limit: Int) -> (count: Int, noun: String, lines: [String])
    /// What the console shows in place of the HTTP status, if anything.
    var statusText: String? { get }
}

extension ExchangeDetails {
    /// What the console shows in place of the HTTP status (a gRPC call's `NOT_FOUND`); nil shows
    /// the status.
    package var statusText: String? { nil }
}
