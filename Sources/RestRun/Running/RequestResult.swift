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
