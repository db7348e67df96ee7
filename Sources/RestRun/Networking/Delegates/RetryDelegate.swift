/// Decides retries from each request's `options.retry`: network errors and retryable statuses on
/// the methods the policy allows, waiting as the policy and any `Retry-After` header say.
package struct RetryDelegate: PartialNetworkingDelegate {
    /// The hooks it acts in.
    package var hooks: DelegateHooks.Hooks { .retryDecision }

    /// Creates the delegate.
    package init() {}

    /// `.retry(after:)` while attempts remain and the outcome is one the policy retries: a status
    /// or a network failure on a method the policy allows, or failed checks with `on: [expectations]`.
    package func networking(_ networking: any Networking, retryDecisionFor request: PreparedRequest, after attempt: Attempt) async -> RetryDecision {
        decision(for: request, after: attempt)
    }

    /// The same, which never waits.
    package func retryDecisionAtOnce(for request: PreparedRequest, after attempt: Attempt) -> RetryDecision? {
        decision(for: request, after: attempt)
    }

    private func decision(for request: PreparedRequest, after attempt: Attempt) -> RetryDecision {
        guard let policy = request.retry, attempt.number < policy.attempts else { return .doNotRetry }
        let methodAllowed = request.wire?.retriesAnyMethod == true || policy.allows(request.method)
        func retries(_ response: Response) -> Bool {
            if let name = response.received?.statusName, policy.conditions.contains(.named(name)) { return true }
            return policy.retries(status: response.status)
        }
        switch attempt.outcome {
        case let .response(response):
            guard methodAllowed, retries(response) else { return .doNotRetry }
            return .retry(after: policy.wait(after: attempt.number, retryAfter: Self.retryAfter(response)))
        case let .checksFailed(response):
            if methodAllowed, retries(response) {
                return .retry(after: policy.wait(after: attempt.number, retryAfter: Self.retryAfter(response)))
            }
            // Polling until a field changes: the user asked for it, whatever the method.
            guard policy.conditions.contains(.expectations) else { return .doNotRetry }
            return .retry(after: policy.wait(after: attempt.number))
        case let .failure(error):
            guard methodAllowed, policy.conditions.contains(.networkError),
                  error.kind != .bodyTooLarge, error.kind != .invalidURL, error.kind != .tooManyRedirects, error.kind != .invalidRequest
            else { return .doNotRetry }
            return .retry(after: policy.wait(after: attempt.number))
        }
    }

    /// The wait a `Retry-After` header asks for, when it is given in seconds.
    static func retryAfter(_ response: Response) -> Duration? {
        guard let value = response.headers["Retry-After"], let seconds = Int(value.trimmingCharacters(in: " ")), seconds >= 0 else {
            return nil
        }
        return .seconds(seconds)
    }
}
