import Histogram

/// What a load run (or several shards' runs, merged) measured: the report `--report-json`
/// writes and `rest-run load merge` reads back, with the thresholds checked against it.
package struct LoadSummary: Sendable {
    /// Iterations scheduled, started, completed and dropped.
    package struct Iterations: Sendable, Equatable {
        package var scheduled: Int, started: Int, completed: Int, dropped: Int
    }

    /// A threshold's verdict.
    package struct ThresholdVerdict: Sendable {
        /// The threshold.
        package var threshold: LoadThreshold
        /// The figure, as shown (`2.4ms`, `0.5%`).
        package var actual: String
        /// Whether it held.
        package var held: Bool
    }

    /// `K/N`, or the shards merged (`1/2+2/2`).
    package var shard: String
    /// The profile applied (one shard's share, or the whole when merged).
    package var profile: LoadProfile
    /// How long the run lasted, in seconds.
    package var duration: Double
    /// Iterations.
    package var iterations: Iterations
    var lag: Histogram<UInt64>
    /// All requests.
    package var total: LoadStatistics
    /// Each request name's, in the order they first finished.
    package var requests: [(name: String, statistics: LoadStatistics)]
    /// One entry per whole second.
    package var timeline: [LoadSecond]

    /// The statistics `threshold` is about, or nil when its request never ran.
    func statistics(for threshold: LoadThreshold) -> LoadStatistics? {
        guard let name = threshold.request else { return total }
        return requests.first { $0.name == name }?.statistics
    }

    /// Iterations completed a second.
    package var iterationRate: Double { duration > 0 ? Double(iterations.completed) / duration : 0 }

    /// Each threshold's verdict.
    package func check(_ thresholds: [LoadThreshold]) -> [ThresholdVerdict] {
        thresholds.map { threshold in
            guard let statistics = statistics(for: threshold) else {
                return ThresholdVerdict(threshold: threshold, actual: "no request named '\(threshold.request ?? "")' ran", held: false)
            }
            let actual: Double
            let shown: String
            switch threshold.metric {
            case let .duration(service, statistic):
                actual = statistics.milliseconds(statistic, service: service)
                shown = Self.milliseconds(actual)
            case .errorRate:
                actual = statistics.errorRate
                shown = String(format2: actual * 100) + "%"
            case .rate:
                actual = threshold.request == nil ? iterationRate : (duration > 0 ? Double(statistics.count) / duration : 0)
                shown = String(format2: actual) + "/s"
            case .dropped:
                actual = Double(iterations.dropped)
                shown = String(iterations.dropped)
            }
            return ThresholdVerdict(threshold: threshold, actual: shown, held: threshold.comparison.holds(actual, threshold.bound))
        }
    }

    /// The delay from scheduled to started at `percent`, in milliseconds.
    func lagMilliseconds(_ percent: Double) -> Double {
        lag.totalCount == 0 ? 0 : Double(Swift.min(lag.valueAtPercentile(percent), lag.max)) / 1000
    }

    /// `2.4ms`, `1.25s`.
    static func milliseconds(_ value: Double) -> String {
        value < 1000 ? String(format2: value) + "ms" : String(format2: value / 1000) + "s"
    }

    // MARK: Merging

    /// The shards' summaries as one run: histograms added exactly, the timelines second by
    /// second, the profile the whole's (every shard's share added).
    package static func merge(_ summaries: [LoadSummary]) -> LoadSummary? {
        guard var merged = summaries.first else { return nil }
        for other in summaries.dropFirst() {
            merged.shard += "+" + other.shard
            merged.duration = Swift.max(merged.duration, other.duration)
            merged.iterations.scheduled += other.iterations.scheduled
            merged.iterations.started += other.iterations.started
            merged.iterations.completed += other.iterations.completed
            merged.iterations.dropped += other.iterations.dropped
            merged.lag.add(other.lag)
            merged.total.add(other.total)
            for (name, statistics) in other.requests {
                if let index = merged.requests.firstIndex(where: { $0.name == name }) {
                    merged.requests[index].statistics.add(statistics)
                } else {
                    merged.requests.append((name, statistics))
                }
            }
            for second in other.timeline {
                while merged.timeline.count <= second.time { merged.timeline.append(LoadSecond(time: merged.timeline.count)) }
                merged.timeline[second.time].add(second)
            }
            merged.profile = merged.profile.adding(other.profile)
        }
        return merged
    }
}

extension LoadProfile {
    /// This share and another shard's as one profile: rates, bounds and loops added.
    func adding(_ other: LoadProfile) -> LoadProfile {
        var sum = self
        if phases.count == other.phases.count {
            sum.phases = zip(phases, other.phases).map { mine, theirs in
                LoadPhase(duration: mine.duration, rate: mine.rate + theirs.rate, to: mine.to.map { $0 + (theirs.to ?? theirs.rate) })
            }
        }
        sum.maxInFlight = inFlightLimit + other.inFlightLimit
        if let vus, let others = other.vus { sum.vus = vus + others }
        return sum
    }
}
