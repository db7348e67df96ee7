/// What happened to one request: its outcome, the response's status and time, and every failure.
public struct RequestResult: Sendable {
    /// How a request ended.
    public enum Outcome: String, Sendable {
        /// Every expectation held and every capture found its value.
        case passed
        /// An expectation, a capture or decoding failed (exit code 4).
        case failed
        /// No usable response: connection refused, timeout, body too large (exit code 3).
        case error
        /// Not sent: `skip`, a filter, or a value it needs was never captured.
        case skipped
    }

    /// The request's name.
    public var name: String
    /// The method sent.
    public var method: HTTPMethod
    /// The URL sent (secrets redacted).
    public var url: String
    /// Where the request was declared.
    public var location: SourceLocation?
    /// The outcome.
    public var outcome: Outcome
    /// The status received, if any.
    public var status: Int?
    /// From sending to the last byte (all attempts).
    public var duration: Duration
    /// Every expectation checked, passed or not.
    package var expectations: [ExpectationResult]
    /// Failures: failed expectations, captures, decoding, runtime errors.
    public var failures: [Diagnostic]
    /// Warnings about the request (what it sends that its OpenAPI spec does not allow).
    public var warnings: [Diagnostic] = []
    /// Values captured, secrets already redacted.
    public var captures: [(name: String, value: DecodedValue)]
    /// Why the request was skipped.
    public var skipReason: String?
    /// How many times the request was sent.
    public var attempts: Int
    /// With `repeat:`, the durations of its runs that got a response.
    package var repeatedRuns: [Duration]?
    /// What its runs are counted under across `--repeat` passes, `repeat:` and `for_each` items.
    package var statisticsKey: StatisticsKey?
    /// Its `expect: duration:` budgets, checked once over all the runs counted under its key.
    package var latencyBudgets: [Expectation] = []
    /// The numbers over all the runs counted under its key, on the last result with runs of a
    /// request that ran more than once or has budgets.
    package var latency: LatencySummary?

    /// How many of its runs count for latency: those of `repeat:`, else one if it got a response.
    package var runCount: Int { repeatedRuns?.count ?? (status == nil ? 0 : 1) }

    /// Creates a result.
    package init(
        name: String, method: HTTPMethod, url: String, location: SourceLocation?, outcome: Outcome, status: Int? = nil,
        duration: Duration = .zero, expectations: [ExpectationResult] = [], failures: [Diagnostic] = [],
        captures: [(name: String, value: DecodedValue)] = [], skipReason: String? = nil, attempts: Int = 0
    ) {
        self.name = name
        self.method = method
        self.url = url
        self.location = location
        self.outcome = outcome
        self.status = status
        self.duration = duration
        self.expectations = expectations
        self.failures = failures
        self.captures = captures
        self.skipReason = skipReason
        self.attempts = attempts
    }
}
