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

    // The fields live in one shared box, copied only when a copy is changed: a result is copied
    // three or four times on its way from the runner to the reports, and copying its ~17 fields
    // (and destroying them) cost ~3k instructions a request. Fields are changed only through
    // `uniqueStorage()`, on a box no other result shares, so no access to one can overlap another,
    // and the runtime's exclusivity checks are off.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var method: HTTPMethod
        @exclusivity(unchecked) var url: String
        @exclusivity(unchecked) var location: SourceLocation?
        @exclusivity(unchecked) var outcome: Outcome
        @exclusivity(unchecked) var status: Int?
        @exclusivity(unchecked) var duration: Duration
        @exclusivity(unchecked) var expectations: [ExpectationResult]
        @exclusivity(unchecked) var failures: [Diagnostic]
        @exclusivity(unchecked) var warnings: [Diagnostic] = []
        @exclusivity(unchecked) var captures: [(name: String, value: DecodedValue)]
        @exclusivity(unchecked) var skipReason: String?
        @exclusivity(unchecked) var attempts: Int
        @exclusivity(unchecked) var repeatedRuns: [Duration]?
        @exclusivity(unchecked) var statisticsKey: StatisticsKey?
        @exclusivity(unchecked) var latencyBudgets: [Expectation] = []
        @exclusivity(unchecked) var latency: LatencySummary?
        @exclusivity(unchecked) var coverage: [OperationHit] = []

        init(
            name: String, method: HTTPMethod, url: String, outcome: Outcome, duration: Duration,
            expectations: [ExpectationResult], failures: [Diagnostic], captures: [(name: String, value: DecodedValue)],
            attempts: Int
        ) {
            self.name = name
            self.method = method
            self.url = url
            self.outcome = outcome
            self.duration = duration
            self.expectations = expectations
            self.failures = failures
            self.captures = captures
            self.attempts = attempts
        }

        func copy() -> Storage {
            let copy = Storage(
                name: name, method: method, url: url, outcome: outcome, duration: duration, expectations: expectations,
                failures: failures, captures: captures, attempts: attempts)
            copy.location = location
            copy.status = status
            copy.warnings = warnings
            copy.skipReason = skipReason
            copy.repeatedRuns = repeatedRuns
            copy.statisticsKey = statisticsKey
            copy.latencyBudgets = latencyBudgets
            copy.latency = latency
            copy.coverage = coverage
            return copy
        }
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The request's name.
    public var name: String {
        get { storage.name }
        _modify { yield &uniqueStorage().name }
    }
    /// The method sent.
    public var method: HTTPMethod {
        get { storage.method }
        _modify { yield &uniqueStorage().method }
    }
    /// The URL sent (secrets redacted).
    public var url: String {
        get { storage.url }
        _modify { yield &uniqueStorage().url }
    }
    /// Where the request was declared.
    public var location: SourceLocation? {
        get { storage.location }
        _modify { yield &uniqueStorage().location }
    }
    /// The outcome.
    public var outcome: Outcome {
        get { storage.outcome }
        _modify { yield &uniqueStorage().outcome }
    }
    /// The status received, if any.
    public var status: Int? {
        get { storage.status }
        _modify { yield &uniqueStorage().status }
    }
    /// From sending to the last byte (all attempts).
    public var duration: Duration {
        get { storage.duration }
        _modify { yield &uniqueStorage().duration }
    }
    /// Every expectation checked, passed or not.
    package var expectations: [ExpectationResult] {
        get { storage.expectations }
        _modify { yield &uniqueStorage().expectations }
    }
    /// Failures: failed expectations, captures, decoding, runtime errors.
    public var failures: [Diagnostic] {
        get { storage.failures }
        _modify { yield &uniqueStorage().failures }
    }
    /// Warnings about the request (what it sends that its OpenAPI spec does not allow).
    public var warnings: [Diagnostic] {
        get { storage.warnings }
        _modify { yield &uniqueStorage().warnings }
    }
    /// Values captured, secrets already redacted.
    public var captures: [(name: String, value: DecodedValue)] {
        get { storage.captures }
        _modify { yield &uniqueStorage().captures }
    }
    /// Why the request was skipped.
    public var skipReason: String? {
        get { storage.skipReason }
        _modify { yield &uniqueStorage().skipReason }
    }
    /// How many times the request was sent.
    public var attempts: Int {
        get { storage.attempts }
        _modify { yield &uniqueStorage().attempts }
    }
    /// With `repeat:`, the durations of its runs that got a response.
    package var repeatedRuns: [Duration]? {
        get { storage.repeatedRuns }
        _modify { yield &uniqueStorage().repeatedRuns }
    }
    /// What its runs are counted under across `--repeat` passes, `repeat:` and `for_each` items.
    package var statisticsKey: StatisticsKey? {
        get { storage.statisticsKey }
        _modify { yield &uniqueStorage().statisticsKey }
    }
    /// Its `expect: duration:` budgets, checked once over all the runs counted under its key.
    package var latencyBudgets: [Expectation] {
        get { storage.latencyBudgets }
        _modify { yield &uniqueStorage().latencyBudgets }
    }
    /// The numbers over all the runs counted under its key, on the last result with runs of a
    /// request that ran more than once or has budgets.
    package var latency: LatencySummary? {
        get { storage.latency }
        _modify { yield &uniqueStorage().latency }
    }
    /// The OpenAPI operations its responses exercised (files with `openapi:`): one for each run.
    package var coverage: [OperationHit] {
        get { storage.coverage }
        _modify { yield &uniqueStorage().coverage }
    }

    /// How many of its runs count for latency: those of `repeat:`, else one if it got a response.
    package var runCount: Int { repeatedRuns?.count ?? (status == nil ? 0 : 1) }

    /// Creates a result.
    package init(
        name: String, method: HTTPMethod, url: String, location: SourceLocation?, outcome: Outcome, status: Int? = nil,
        duration: Duration = .zero, expectations: [ExpectationResult] = [], failures: [Diagnostic] = [],
        captures: [(name: String, value: DecodedValue)] = [], skipReason: String? = nil, attempts: Int = 0
    ) {
        storage = Storage(
            name: name, method: method, url: url, outcome: outcome, duration: duration, expectations: expectations,
            failures: failures, captures: captures, attempts: attempts)
        storage.location = location
        storage.status = status
        storage.skipReason = skipReason
    }
}
