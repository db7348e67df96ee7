/// When and how often to send a request again, as a value with the defaults users expect:
/// network errors and 408/429/500/502/503/504, idempotent methods only, `Retry-After` honoured,
/// exponential backoff with jitter when asked for.
public struct RetryPolicy: Sendable, Equatable {
    /// How the wait grows between attempts.
    public enum Backoff: String, Sendable, Equatable {
        /// The same wait every time.
        case constant
        /// The wait doubles each time, with up to 25% random jitter, capped at `maxDelay`.
        case exponential
    }

    /// An outcome that calls for another attempt.
    public enum Condition: Sendable, Hashable, CustomStringConvertible {
        /// Connection refused or reset, timeouts, TLS failures.
        case networkError
        /// This exact status.
        case status(Int)
        /// Any status of this class: 5 for `5xx`.
        case statusClass(Int)
        /// A failed expectation or capture, for polling until a field changes.
        case expectations
        /// A status a kind of exchange reports by name beyond the HTTP status (a gRPC call's
        /// `UNAVAILABLE`).
        case named(String)

        /// The form used in YAML: `network`, `503`, `5xx`, `expectations`.
        public var description: String {
            switch self {
            case .networkError: "network"
            case let .status(code): String(code)
            case let .statusClass(digit): "\(digit)xx"
            case .expectations: "expectations"
            case let .named(name): name
            }
        }
    }

    /// How many attempts in all, the first one included.
    public var attempts: Int
    /// The wait before the second attempt.
    public var delay: Duration
    /// How the wait grows.
    public var backoff: Backoff
    /// The longest wait between two attempts.
    public var maxDelay: Duration
    /// The outcomes that are retried.
    public var conditions: Set<Condition>
    /// The methods that are retried; by default the idempotent ones.
    public var methods: Set<HTTPMethod>?

    /// The outcomes retried when `on:` is not given.
    public static let defaultConditions: Set<Condition> = [
        .networkError, .status(408), .status(429), .status(500), .status(502), .status(503), .status(504),
    ]

    /// Creates a policy.
    public init(
        attempts: Int = 3, delay: Duration = .milliseconds(200), backoff: Backoff = .constant,
        maxDelay: Duration = .seconds(30), conditions: Set<Condition> = RetryPolicy.defaultConditions,
        methods: Set<HTTPMethod>? = nil
    ) {
        self.attempts = attempts
        self.delay = delay
        self.backoff = backoff
        self.maxDelay = maxDelay
        self.conditions = conditions
        self.methods = methods
    }

    /// Whether a request with this method may be retried at all.
    public func allows(_ method: HTTPMethod) -> Bool {
        methods.map { $0.contains(method) } ?? method.isIdempotent
    }

    /// Whether a response status calls for another attempt.
    public func retries(status: Int) -> Bool {
        conditions.contains(.status(status)) || conditions.contains(.statusClass(status / 100))
    }

    /// The wait before attempt `attempt + 1`, given that `attempt` attempts have been made; a
    /// server's `Retry-After` wins when it is longer, but never beyond `maxDelay`.
    public func wait(after attempt: Int, retryAfter: Duration? = nil) -> Duration {
        var wait = delay
        if backoff == .exponential {
            let factor = 1 << min(max(attempt - 1, 0), 20)
            wait = delay * factor
            if wait > maxDelay { wait = maxDelay }
            let jitter = Double.random(in: 0...0.25)
            wait = wait + wait * jitter
        }
        if let retryAfter, retryAfter > wait { wait = retryAfter }
        return min(wait, maxDelay)
    }
}
