/// Decides retries from each request's `options.retry`: network errors and retryable statuses on
/// the methods the policy allows, waiting as the policy and any `Retry-After` header say.
public struct RetryDelegate: NetworkingDelegate {
    /// Creates the delegate.
    public init() {}

    /// `.retry(after:)` while attempts remain and the outcome is one the policy retries.
    public func networking(
        _ networking: any Networking, retryDecisionFor request: PreparedRequest,
        after result: Result<Response, any Error>, attempt: Int
    ) -> RetryDecision {
        guard let policy = request.options.retry, attempt < policy.attempts, policy.allows(request.method) else {
            return .doNotRetry
        }
        switch result {
        case let .success(response):
            guard policy.retries(status: response.status) else { return .doNotRetry }
            return .retry(after: policy.wait(after: attempt, retryAfter: Self.retryAfter(response)))
        case let .failure(error):
            guard policy.conditions.contains(.networkError) else { return .doNotRetry }
            if let error = error as? NetworkError, error.kind == .bodyTooLarge || error.kind == .invalidURL {
                return .doNotRetry
            }
            if error is CancellationError { return .doNotRetry }
            return .retry(after: policy.wait(after: attempt))
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
