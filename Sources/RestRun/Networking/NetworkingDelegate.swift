/// Shapes what a `Networker` does. Every method has a default, so a delegate implements only the
/// hooks it cares about.
///
/// Several delegates compose: headers merge in delegate order (the request's own headers win), every
/// delegate sees every event, and the first retry decision that is not `.doNotRetry` wins.
public protocol NetworkingDelegate: Sendable {
    /// Headers to add to a request, asked before every attempt (and redirect hop) so a retry sends
    /// fresh values; it may await, to fetch a token.
    func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)]
    /// Called before every attempt (1, 2, ...), with the headers already merged.
    func networking(_ networking: any Networking, willSend request: PreparedRequest, attempt: Int)
    /// Called after every attempt with its outcome and how long it took.
    func networking(
        _ networking: any Networking, didReceive result: Result<Response, any Error>,
        for request: PreparedRequest, duration: Duration)
    /// Whether to send the request again after `attempt`; it may await.
    func networking(_ networking: any Networking, retryDecisionFor request: PreparedRequest, after attempt: Attempt) async -> RetryDecision
    /// Called when the networker is about to wait `wait` and send attempt `attempt + 1`.
    func networking(_ networking: any Networking, willRetry request: PreparedRequest, after wait: Duration, attempt: Int)
}

extension NetworkingDelegate {
    /// No headers.
    public func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] { [] }
    /// Does nothing.
    public func networking(_ networking: any Networking, willSend request: PreparedRequest, attempt: Int) {}
    /// Does nothing.
    public func networking(
        _ networking: any Networking, didReceive result: Result<Response, any Error>,
        for request: PreparedRequest, duration: Duration) {}
    /// Never retries.
    public func networking(_ networking: any Networking, retryDecisionFor request: PreparedRequest, after attempt: Attempt) async -> RetryDecision {
        .doNotRetry
    }
    /// Does nothing.
    public func networking(_ networking: any Networking, willRetry request: PreparedRequest, after wait: Duration, attempt: Int) {}
}
