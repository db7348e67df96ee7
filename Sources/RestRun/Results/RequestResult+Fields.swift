// Generated from `RequestResult.ResultFields` by
// `REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor`: change the fields, not this file.

extension RequestResult {
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
    /// With `repeat:`, each run's time to its first arrival (`details.firstArrival`), in the
    /// order they ran.
    package var repeatedFirstArrivals: [Duration]? {
        get { storage.value.repeatedFirstArrivals }
        _modify { yield &storage.value.repeatedFirstArrivals }
    }
    /// What the step's kind of exchange received beyond a status and a body (redacted): an event
    /// stream's events, a WebSocket's messages.
    package var details: (any ExchangeDetails)? {
        get { storage.value.details }
        _modify { yield &storage.value.details }
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
    /// Whether its error is a mistake in the request that the server's own declarations
    /// showed (a gRPC message checked against reflection): exit code 2, not 3.
    package var invalidRequest: Bool {
        get { storage.value.invalidRequest }
        _modify { yield &storage.value.invalidRequest }
    }
    /// The OpenAPI operations its responses exercised (files with `openapi:`): one for each run.
    package var coverage: [OperationHit] {
        get { storage.value.coverage }
        _modify { yield &storage.value.coverage }
    }
    /// What its responses record for `expect: snapshot:`, until the runner compares them.
    package var snapshotTakes: [SnapshotTake] {
        get { storage.value.snapshotTakes }
        _modify { yield &storage.value.snapshotTakes }
    }
    /// What happened beside its checks, in words (`snapshot written`).
    package var notes: [String] {
        get { storage.value.notes }
        _modify { yield &storage.value.notes }
    }
}
