/// Sends prepared requests. Callers depend on this protocol, so tests can inject a fake.
public protocol Networking: Sendable {
    /// Sends a request and returns its response, or throws a `NetworkError`.
    func send(_ request: PreparedRequest) async throws -> Response

    /// Sends a request and judges each response with `check`; a response it rejects is an attempt
    /// like any other, which the retry policy may repeat (`on: [expectations]`). Returns the last
    /// response, whose `attempts` say how each attempt went, with the check's verdict on it.
    func send<Judgement: Sendable>(
        _ request: PreparedRequest, check: @escaping ResponseCheck<Judgement>
    ) async throws -> (response: Response, verdict: Judgement)
}

/// Judges a response: whether it passes its expectations and captures, and what the judge found.
public typealias ResponseCheck<Judgement> = @Sendable (Response) async -> (passed: Bool, verdict: Judgement)

extension Networking {
    /// Sends once and judges the response once: a fake needs only `send(_:)`.
    public func send<Judgement: Sendable>(
        _ request: PreparedRequest, check: @escaping ResponseCheck<Judgement>
    ) async throws -> (response: Response, verdict: Judgement) {
        let start = ContinuousClock.now
        var response = try await send(request)
        let (passed, verdict) = await check(response)
        if response.attempts.isEmpty {
            response.attempts = [Attempt(number: 1, outcome: passed ? .response(response) : .checksFailed(response), elapsed: ContinuousClock.now - start)]
        }
        return (response, verdict)
    }
}
