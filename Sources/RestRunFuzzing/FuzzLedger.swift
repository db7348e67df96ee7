import NIOCore
import RestRun

/// What the operations fuzzed at once share: the request count and limits, the pace, the findings
/// (the first of each kind kept) and the coverage.
actor FuzzLedger {
    private let settings: FuzzSettings
    private let start = ContinuousClock.now
    private var nextSlot: ContinuousClock.Instant
    private(set) var requests = 0
    private(set) var findings: [String: FuzzFinding] = [:]
    private(set) var order: [String] = []
    private(set) var hits: Set<OperationHit> = []
    private(set) var stoppedBy: String?
    /// A response has come from the server at least once.
    private(set) var reached = false
    private(set) var unreachable: String?
    private var reuse = ConnectionReuse()

    init(settings: FuzzSettings) {
        self.settings = settings
        nextSlot = start
    }

    /// Takes a turn to send one request, waiting for the pace `--rate` sets; false once a limit
    /// is reached.
    func admit() async -> Bool {
        if stoppedBy != nil || unreachable != nil { return false }
        if let limit = settings.maxRequests, requests >= limit {
            stoppedBy = "--max-requests \(limit)"
            return false
        }
        if let limit = settings.timeLimit, ContinuousClock.now - start >= limit {
            stoppedBy = "--time-limit \(DurationText.format(limit))"
            return false
        }
        requests += 1
        guard let rate = settings.rate, rate > 0 else { return true }
        let now = ContinuousClock.now
        let slot = max(nextSlot, now)
        nextSlot = slot + .seconds(1 / rate)
        if slot > now { try? await Task.sleep(until: slot, clock: .continuous) }
        return true
    }

    /// Whether the run should go on.
    var isGoing: Bool { stoppedBy == nil && unreachable == nil }

    /// The time left before `--time-limit`, if one is set.
    var timeLeft: Duration? { settings.timeLimit.map { $0 - (ContinuousClock.now - start) } }

    /// Whether requests ask the server to close their connection (see `ConnectionReuse`).
    var closesConnections: Bool { reuse.closes }

    /// Records an answer, and how long it took on a connection closed after it or kept.
    func answered(after duration: Duration, closed: Bool) {
        reached = true
        reuse.record(duration, closed: closed)
    }

    /// Records that the server cannot be reached (when it never answered).
    func cannotReach(_ sentence: String) {
        if !reached, unreachable == nil { unreachable = sentence }
    }

    func hit(_ hit: OperationHit) { hits.insert(hit) }

    /// Keeps `finding` unless one of its kind is kept already; returns whether it is new.
    func record(_ finding: FuzzFinding) -> Bool {
        guard settings.checks.contains(finding.check), findings[finding.key] == nil else { return false }
        findings[finding.key] = finding
        order.append(finding.key)
        return true
    }

    /// Replaces a kept finding (once it is shrunk or saved).
    func update(_ finding: FuzzFinding) {
        findings[finding.key] = finding
    }

    /// The findings in the order they were found.
    var orderedFindings: [FuzzFinding] { order.compactMap { findings[$0] } }

    /// How many findings `takeNew()` has handed out.
    private var handedOut = 0

    /// The findings found since the last call, in the order they were found (shrunk, when they were).
    func takeNew() -> [FuzzFinding] {
        let new = order.dropFirst(handedOut).compactMap { findings[$0] }
        handedOut = order.count
        return new
    }

    var elapsed: Duration { ContinuousClock.now - start }
}
