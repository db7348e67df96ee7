/// One try at sending a request: what came of it, how long it took, and how long the networker
/// waited before the next one. A retried request keeps every attempt, as values; they are put into
/// words only where a report shows them.
public struct Attempt: Sendable {
    /// What an attempt came to.
    public enum Outcome: Sendable {
        /// A response the request accepted (or that nothing checked).
        case response(Response)
        /// A response whose expectations or captures failed (`on: [expectations]` retries it).
        case checksFailed(Response)
        /// No usable response.
        case failure(NetworkError)
    }

    /// 1 for the first attempt.
    public var number: Int
    /// What came of it.
    public var outcome: Outcome
    /// From sending to the end of the response (all redirect hops).
    public var elapsed: Duration
    /// The wait before the next attempt; nil for the last one.
    public var wait: Duration?

    /// Creates an attempt.
    public init(number: Int, outcome: Outcome, elapsed: Duration, wait: Duration? = nil) {
        self.number = number
        self.outcome = outcome
        self.elapsed = elapsed
        self.wait = wait
    }

    /// The response, when there was one.
    public var response: Response? {
        switch outcome {
        case let .response(response), let .checksFailed(response): response
        case .failure: nil
        }
    }

    /// The same attempt without its response body, for a history that outlives the retry.
    var withoutBody: Attempt {
        var copy = self
        switch outcome {
        case var .response(response):
            response.body = []
            copy.outcome = .response(response)
        case var .checksFailed(response):
            response.body = []
            copy.outcome = .checksFailed(response)
        case .failure: break
        }
        return copy
    }
}
