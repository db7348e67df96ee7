import Histogram
import Synchronization

/// Counts a load run as it goes, from every iteration's task at once: iterations scheduled,
/// started, completed and dropped, each request's latency and service time (total and by
/// request name), the delay from scheduled to started, and the timeline second by second.
/// Everything is a count or a histogram: memory does not grow with the run's length.
package final class LoadRecorder: Sendable {
    private struct Measured {
        var scheduled = 0, started = 0, completed = 0, dropped = 0, inFlight = 0
        var total = LoadStatistics()
        var requests: [String: LoadStatistics] = [:]
        var requestOrder: [String] = []
        var lag = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        var seconds: [LoadSecond] = []
        var current = LoadSecond(time: 0)
        var currentLatencies = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        var refused = 0
        var succeeded = 0
        /// When the current second ends: until then an update needs no arithmetic on durations.
        var secondEnds: ContinuousClock.Instant
    }

    /// When the run started.
    package let start: ContinuousClock.Instant
    private let state: Mutex<Measured>

    /// A recorder whose clock starts at `start`.
    package init(start: ContinuousClock.Instant = .now) {
        self.start = start
        state = Mutex(Measured(secondEnds: start + .seconds(1)))
    }

    /// Seconds since the start.
    package func elapsed(at instant: ContinuousClock.Instant = .now) -> Double {
        let (seconds, attoseconds) = (instant - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Moves the timeline on to the second `now` falls in; returns the state's current second.
    private static func advance(_ state: inout Measured, to second: Int) {
        while state.current.time < second {
            let latencies = state.currentLatencies
            if latencies.totalCount > 0 {
                state.current.p50 = Double(Swift.min(latencies.valueAtPercentile(50), latencies.max)) / 1000
                state.current.p99 = Double(Swift.min(latencies.valueAtPercentile(99), latencies.max)) / 1000
                state.current.max = Double(latencies.max) / 1000
            }
            state.seconds.append(state.current)
            state.current = LoadSecond(time: state.current.time + 1)
            state.currentLatencies.reset()
        }
    }

    private func update(at now: ContinuousClock.Instant = .now, _ body: (inout Measured) -> Void) {
        state.withLock { state in
            if now >= state.secondEnds {
                Self.advance(&state, to: Int(elapsed(at: now)))
                state.secondEnds = start + .seconds(state.current.time + 1)
            }
            body(&state)
        }
    }

    /// An iteration scheduled `at` was due; whether there was room for it (else it is dropped).
    /// Both count in the second it was scheduled for, even when the scheduler ran late.
    package func schedule(at scheduled: ContinuousClock.Instant, limit: Int) -> Bool {
        var admitted = false
        let second = Int(Swift.max(0, elapsed(at: scheduled)))
        update { state in
            state.scheduled += 1
            let admits = state.inFlight < limit
            if admits {
                state.inFlight += 1
                admitted = true
            } else {
                state.dropped += 1
            }
            if second < state.current.time, state.seconds.indices.contains(second) {
                state.seconds[second].scheduled += 1
                if !admits { state.seconds[second].dropped += 1 }
            } else {
                state.current.scheduled += 1
                if !admits { state.current.dropped += 1 }
            }
        }
        return admitted
    }

    /// A closed-model loop began an iteration, which starts at once (no lag): one update for both.
    package func begin() {
        update { state in
            state.scheduled += 1
            state.current.scheduled += 1
            state.inFlight += 1
            state.started += 1
            state.current.sent += 1
            state.lag.record(1)
        }
    }

    /// An iteration started, `lag` after its scheduled time.
    package func started(lag: Duration) {
        let microseconds = UInt64(Swift.max(0, lag.microseconds))
        update { state in
            state.started += 1
            state.current.sent += 1
            state.lag.record(Swift.min(Swift.max(microseconds, 1), HistogramCoding.highest))
        }
    }

    /// A request finished: its name, latency, service time, and error's kind (nil: it passed);
    /// `refused` when the connection was refused.
    package func request(
        _ name: String, latency: Duration, service: Duration, error: String?, refused: Bool = false, at now: ContinuousClock.Instant = .now
    ) {
        let latency = UInt64(Swift.max(0, latency.microseconds))
        let service = UInt64(Swift.max(0, service.microseconds))
        update(at: now) { state in
            state.total.record(latency: latency, service: service, error: error)
            // One look-up: the name is known after the first request.
            if let index = state.requests.index(forKey: name) {
                state.requests.values[index].record(latency: latency, service: service, error: error)
            } else {
                state.requestOrder.append(name)
                state.requests[name, default: LoadStatistics()].record(latency: latency, service: service, error: error)
            }
            state.current.requests += 1
            if error != nil { state.current.errors += 1 }
            state.currentLatencies.record(Swift.min(Swift.max(latency, 1), HistogramCoding.highest))
            if refused { state.refused += 1 } else if error == nil { state.succeeded += 1 }
        }
    }

    /// An iteration ended.
    package func completed() {
        update { state in
            state.completed += 1
            state.current.completed += 1
            state.inFlight -= 1
        }
    }

    /// What a progress line shows.
    package struct LoadProgress: Sendable {
        /// Seconds since the start.
        package var elapsed: Double
        /// Iterations completed, in flight and dropped; requests that failed.
        package var completed: Int, inFlight: Int, dropped: Int, errors: Int
        /// Latency so far, in milliseconds.
        package var p50: Double, p99: Double

        /// Iterations completed a second since `previous` (the elapsed seconds and the count of
        /// an earlier progress), or since the start.
        package func rate(since previous: (elapsed: Double, completed: Int)?) -> Double {
            let window = previous.map { elapsed - $0.elapsed } ?? elapsed
            return window > 0 ? Double(completed - (previous?.completed ?? 0)) / window : 0
        }
    }

    /// The run so far.
    package func progress() -> LoadProgress {
        let elapsed = elapsed()
        return state.withLock { state in
            LoadProgress(
                elapsed: elapsed, completed: state.completed, inFlight: state.inFlight, dropped: state.dropped,
                errors: state.total.errors, p50: state.total.milliseconds(.percentile(50)), p99: state.total.milliseconds(.percentile(99)))
        }
    }

    /// Whether every request so far found nothing listening (and none passed).
    package var nothingListens: Bool {
        state.withLock { $0.refused > 0 && $0.succeeded == 0 && $0.total.count == $0.refused }
    }

    /// The run's summary, once it is over (`duration` seconds long).
    package func summary(profile: LoadProfile, shard: String, duration: Double) -> LoadSummary {
        let wholeSeconds = Swift.max(1, Int(duration.rounded(.down)))
        return state.withLock { state in
            Self.advance(&state, to: state.current.time + 1)
            var seconds = Array(state.seconds.prefix(wholeSeconds))
            // What happened after the last whole second counts in it.
            for late in state.seconds.dropFirst(wholeSeconds) { seconds[seconds.count - 1].add(late) }
            while seconds.count < wholeSeconds { seconds.append(LoadSecond(time: seconds.count)) }
            return LoadSummary(
                shard: shard, profile: profile, duration: duration,
                iterations: LoadSummary.Iterations(scheduled: state.scheduled, started: state.started, completed: state.completed, dropped: state.dropped),
                lag: state.lag, total: state.total, requests: state.requestOrder.compactMap { name in state.requests[name].map { (name, $0) } },
                timeline: seconds)
        }
    }
}

extension Duration {
    /// Whole microseconds.
    var microseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
