import Synchronization

/// Hears the requests of one loop's iterations (one at a time) finish and records each: its
/// latency from its intended start (the iteration's scheduled time for the first, the previous
/// request's end for each later one, so that a server stall shows in full even when the
/// generator had to wait for it), its service time from the actual send, and its error's kind.
final class LoadIterationObserver: RunObserver {
    private let recorder: LoadRecorder
    private let intendedStart: Mutex<ContinuousClock.Instant>

    /// An observer for the iterations of one loop, each begun with `restart(at:)`.
    init(recorder: LoadRecorder) {
        self.recorder = recorder
        intendedStart = Mutex(.now)
    }

    /// An iteration due at `scheduled` begins: its first request's latency counts from then.
    func restart(at scheduled: ContinuousClock.Instant) {
        intendedStart.withLock { $0 = scheduled }
    }

    func runner(didFinish request: RequestResult, in file: RequestFile) {
        guard request.outcome != .skipped else { return }
        let now = ContinuousClock.now
        let start = intendedStart.withLock { start in
            defer { start = now }
            return start
        }
        recorder.request(
            request.statisticsKey?.name ?? request.name, latency: now - start, service: request.duration,
            error: Self.errorKind(request), refused: request.failures.contains { $0.message.contains("connection refused") }, at: now)
    }

    /// `status` (a status the request did not expect), `network` (no usable response) or
    /// `expectation` (any other check); nil when it passed.
    static func errorKind(_ request: RequestResult) -> String? {
        switch request.outcome {
        case .passed, .skipped: return nil
        case .error: return "network"
        case .failed:
            let statusFailed = request.expectations.contains { !$0.passed && ExchangeKind.statusLabels.contains($0.label) }
            return statusFailed ? "status" : "expectation"
        }
    }
}
