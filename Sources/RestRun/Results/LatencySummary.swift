/// A request's counted runs and the numbers over them: count, min, mean and max from the runs,
/// and percentiles read from an HdrHistogram of the durations in whole microseconds (3
/// significant digits; nearest rank, so p50 of 1, 2, 3, 4 ms is 2 ms).
package struct LatencySummary: Sendable {
    /// Every counted run's duration, in the order they ran, when they were kept (a JSON report
    /// lists them).
    package let durations: [Duration]?
    /// How many runs were counted.
    package let count: Int
    /// The statistics computed, in milliseconds.
    private let values: [LatencyStatistic: Double]
    /// The request's `expect: duration:` budgets, checked.
    package var budgets: [ExpectationResult] = []
    /// The budgets that did not hold, as the console shows them.
    package var failures: [Diagnostic] { budgets.filter { !$0.passed }.map(\.diagnostic) }

    /// The statistics the summary shows: p50, p90, p99 and max.
    package static let shown: [LatencyStatistic] = [.percentile(50), .percentile(90), .percentile(99), .max]

    /// What every summary computes (the JSON report lists them); budgets may ask for others.
    package static let standard: [LatencyStatistic] = [.min, .mean, .percentile(50), .percentile(75), .percentile(90), .percentile(95), .percentile(99), .percentile(99.9), .max]

    /// The summary of `runs`, with the `standard` and the `extra` statistics.
    package init(_ runs: LatencyRuns, extra: [LatencyStatistic] = []) {
        durations = runs.durations
        count = runs.count
        var values: [LatencyStatistic: Double] = [:]
        for statistic in Self.standard + extra where values[statistic] == nil {
            let value: Double
            switch statistic {
            case .max: value = Double(runs.maximum)
            case .min: value = runs.count == 0 ? 0 : Double(runs.minimum)
            case .mean: value = runs.count == 0 ? 0 : Double(runs.total) / Double(runs.count)
            case let .percentile(percent): value = Double(runs.value(atPercentile: percent))
            }
            values[statistic] = value / 1000
        }
        self.values = values
    }

    /// The summary of `durations`, every one kept.
    package init(_ durations: [Duration], extra: [LatencyStatistic] = []) {
        var runs = LatencyRuns(keepsDurations: true)
        for duration in durations { runs.add(duration) }
        self.init(runs, extra: extra)
    }

    /// A duration in whole microseconds (rounded), as the histogram and the JSON report count it.
    package static func microseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000 + UInt64((attoseconds + 500_000_000_000) / 1_000_000_000_000)
    }

    /// `1.21 ms`, `312.40 ms`, `2.50 s`: a statistic in the summary table.
    package static func text(_ milliseconds: Double) -> String {
        let (value, unit) = milliseconds < 1000 ? (milliseconds, "ms") : (milliseconds / 1000, "s")
        guard value.isFinite, value < 1e12 else { return "\(value) \(unit)" }
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) \(unit)"
    }

    /// `312.412 ms`: a measured statistic to the microsecond, as a budget's failure shows it.
    package static func exactText(_ milliseconds: Double) -> String {
        var text = String((milliseconds * 1000).rounded() / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + " ms"
    }

    /// `200 runs: p50 1.21 ms, p90 1.80 ms, p99 3.02 ms, max 4.11 ms, mean 1.30 ms`.
    package var line: String {
        "\(count) run\(count == 1 ? "" : "s"): "
            + (Self.shown + [.mean]).map { "\($0.name) \(Self.text(milliseconds($0)))" }.joined(separator: ", ")
    }

    /// The value of `statistic` in milliseconds (0 for one not computed).
    package func milliseconds(_ statistic: LatencyStatistic) -> Double {
        values[statistic] ?? 0
    }
}
