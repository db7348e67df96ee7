/// What a delegate says after an attempt.
public enum RetryDecision: Sendable, Equatable {
    /// Send the request again after waiting this long.
    case retry(after: Duration)
    /// Keep this outcome.
    case doNotRetry
}
