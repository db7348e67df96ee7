/// Sends prepared requests. Callers depend on this protocol, so tests can inject a fake.
public protocol Networking: Sendable {
    /// Sends a request and returns its response, or throws a `NetworkError`.
    func send(_ request: PreparedRequest) async throws -> Response

    /// Sends a request and judges each response with `check`; a response it rejects is an attempt
    /// like any other, which the retry policy may repeat (`on: [expectations]`). Returns the last
    /// response; its `attempts` say how each attempt went.
    func send(_ request: PreparedRequest, check: ResponseCheck?) async throws -> Response
}

/// Judges a response: true when it passes its expectations and captures.
public typealias ResponseCheck = @Sendable (Response) async -> Bool

extension Networking {
    /// Sends once and judges the response once: a fake needs only `send(_:)`.
    public func send(_ request: PreparedRequest, check: ResponseCheck?) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await send(request)
        if response.attempts.isEmpty {
            let passed = await check?(response) ?? true
            response.attempts = [Attempt(number: 1, outcome: passed ? .response(response) : .checksFailed(response), elapsed: ContinuousClock.now - start)]
        }
        return response
    }
}
