/// What happened to one request: its outcome, the response's status and time, and every failure.
public struct RequestResult: Sendable {
    /// How a request ended.
    public enum Verdict: String, Sendable {
        /// Every expectation held and every capture found its value.
        case passed
        /// An expectation, a capture or decoding failed (exit code 4).
        case failed
        /// No usable response: connection refused, timeout, body too large (exit code 3).
        case error
        /// Not sent: `skip`, a filter, or a value it needs was never captured.
        case skipped
    }

    // The fields live in one copy-on-write box (see `CopyOnWrite`).
    private struct ResultFields: Sendable {
        var name: String
        var method: HTTPMethod
        var url: String
        var location: SourceLocation?
        var outcome: Verdict
        var status: Int?
        var duration: Duration
        var expectations: [ExpectationResult]
        var failures: [Diagnostic]
        var warnings: [Diagnostic] = []
        var captures: [(name: String, value: DecodedValue)]
        var skipReason: String?
        var attempts: Int
        var repeatedRuns: [Duration]?
        var repeatedFirstArrivals: [Duration]?
        var details: (any ExchangeDetails)?
        var statisticsKey: StatisticsKey?
        var latencyBudgets: [Expectation] = []
        var latency: LatencySummary?
        var coverage: [OperationHit] = []
    }

    private final class Box: CopyOnWriteBox {
        var value: ResultFields
        init(_ value: ResultFields) { self.value = value }
    }

    private var storage: CopyOnWrite<Box>

    /// The request's name.
    public var name: String {
        get { storage.value.name }
        _modify { yield &storage.value.name }
    }
    /// The method sent.
    public var method: HTTPMethod {
        get { storage.value.method }
        _modify { yield &storage.value.method }
    }
    /// The URL sent (secrets redacted).
    public var url: String {
        get { storage.value.url }
        _modify { yield &storage.value.url }
    }
    /// Where the request was declared.
    public var location: SourceLocation? {
        get { storage.value.location }
        _modify { yield &storage.value.location }
    }
    /// The outcome.
    public var outcome: Verdict {
        get { storage.value.outcome }
        _modify { yield &storage.value.outcome }
    }
    /// The status received, if any.
    public var status: Int? {
        get { storage.value.status }
        _modify { yield &storage.value.status }
    }
    /// From sending to the last byte (all attempts).
    public var duration: Duration {
        get { storage.value.duration }
        _modify { yield &storage.value.duration }
    }
    /// Every expectation checked, passed or not.
    package var expectations: [ExpectationResult] {
        get { storage.value.expectations }
        _modify { yield &storage.value.expectations }
    }
    /// Failures: failed expectations, captures, decoding, runtime errors.
    public var failures: [Diagnostic] {
        get { storage.value.failures }
        _modify { yield &storage.value.failures }
    }
    /// Warnings about the request (what it sends that its OpenAPI spec does not allow).
    public var warnings: [Diagnostic] {
        get { storage.value.warnings }
        _modify { yield &storage.value.warnings }
    }
    /// Values captured, secrets already redacted.
    public var captures: [(name: String, value: DecodedValue)] {
        get { storage.value.captures }
        _modify { yield &storage.value.captures }
    }
    /// Why the request was skipped.
    public var skipReason: String? {
        get { storage.value.skipReason }
        _modify { yield &storage.value.skipReason }
    }
    /// How many times the request was sent.
    public var attempts: Int {
        get { storage.value.attempts }
        _modify { yield &storage.value.attempts }
    }
    /// With `repeat:`, the durations of its runs that got a response.
    package var repeatedRuns: [Duration]? {
        get { storage.value.repeatedRuns }
        _modify { yield &storage.value.repeatedRuns }
    }
    /// What the step's kind of exchange received beyond a status and a body (redacted): an event
    /// stream's events, a WebSocket's messages.
    package var details: (any ExchangeDetails)? {
        get { storage.value.details }
        _modify { yield &storage.value.details }
    }
    /// With `repeat:`, each run's time to its first arrival (`details.firstArrival`), in the
    /// order they ran.
    package var repeatedFirstArrivals: [Duration]? {
        get { storage.value.repeatedFirstArrivals }
        _modify { yield &storage.value.repeatedFirstArrivals }
    }
    /// What its runs are counted under across `--repeat` passes, `repeat:` and `for_each` items.
    package var statisticsKey: StatisticsKey? {
        get { storage.value.statisticsKey }
        _modify { yield &storage.value.statisticsKey }
    }
    /// Its `expect: duration:` budgets, checked once over all the runs counted under its key.
    package var latencyBudgets: [Expectation] {
        get { storage.value.latencyBudgets }
        _modify { yield &storage.value.latencyBudgets }
    }
    /// The numbers over all the runs counted under its key, on the last result with runs of a
    /// request that ran more than once or has budgets.
    package var latency: LatencySummary? {
        get { storage.value.latency }
        _modify { yield &storage.value.latency }
    }
    /// The OpenAPI operations its responses exercised (files with `openapi:`): one for each run.
    package var coverage: [OperationHit] {
        get { storage.value.coverage }
        _modify { yield &storage.value.coverage }
    }

    /// How many of its runs count for latency: those of `repeat:`, else one if it got a response.
    package var runCount: Int { repeatedRuns?.count ?? (status == nil ? 0 : 1) }

    /// Creates a result.
    package init(
        name: String, method: HTTPMethod, url: String, location: SourceLocation?, outcome: Verdict, status: Int? = nil,
        duration: Duration = .zero, expectations: [ExpectationResult] = [], failures: [Diagnostic] = [],
        captures: [(name: String, value: DecodedValue)] = [], skipReason: String? = nil, attempts: Int = 0
    ) {
        storage = CopyOnWrite(ResultFields(
            name: name, method: method, url: url, outcome: outcome, duration: duration, expectations: expectations,
            failures: failures, captures: captures, attempts: attempts))
        storage.value.location = location
        storage.value.status = status
        storage.value.skipReason = skipReason
    }
}
