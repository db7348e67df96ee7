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

    // The fields live in one copy-on-write box (see `CopyOnWrite`); each field declared with an
    // access level gets an accessor of that level, generated into the `+Fields.swift` file beside
    // this one (`REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor`).
    struct ResultFields: Sendable {
        /// The request's name.
        public var name: String
        /// The method sent.
        public var method: HTTPMethod
        /// The URL sent (secrets redacted).
        public var url: String
        /// Where the request was declared.
        public var location: SourceLocation?
        /// The outcome.
        public var outcome: Verdict
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
        /// With `repeat:`, each run's time to its first arrival (`details.firstArrival`), in the
        /// order they ran.
        package var repeatedFirstArrivals: [Duration]?
        /// What the step's kind of exchange received beyond a status and a body (redacted): an event
        /// stream's events, a WebSocket's messages.
        package var details: (any ExchangeDetails)?
        /// What its runs are counted under across `--repeat` passes, `repeat:` and `for_each` items.
        package var statisticsKey: StatisticsKey?
        /// Its `expect: duration:` budgets, checked once over all the runs counted under its key.
        package var latencyBudgets: [Expectation] = []
        /// The numbers over all the runs counted under its key, on the last result with runs of a
        /// request that ran more than once or has budgets.
        package var latency: LatencySummary?
        /// Whether its error is a mistake in the request that the server's own declarations
        /// showed (a gRPC message checked against reflection): exit code 2, not 3.
        package var invalidRequest: Bool = false
        /// The OpenAPI operations its responses exercised (files with `openapi:`): one for each run.
        package var coverage: [OperationHit] = []
        /// What its responses record for `expect: snapshot:`, until the runner compares them.
        package var snapshotTakes: [SnapshotTake] = []
        /// What happened beside its checks, in words (`snapshot written`).
        package var notes: [String] = []
    }

    final class Box: CopyOnWriteBox {
        var value: ResultFields
        init(_ value: ResultFields) { self.value = value }
    }

    var storage: CopyOnWrite<Box>

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
