import Histogram

/// A request's counted runs and the numbers over them: count, min, mean and max from the runs,
/// and percentiles read from an HdrHistogram of the durations in whole microseconds (3
/// significant digits; nearest rank, so p50 of 1, 2, 3, 4 ms is 2 ms).
package struct LatencySummary: Sendable {
    /// Every counted run's duration, in the order they ran.
    package let durations: [Duration]
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

    /// The summary of `durations`, with the `standard` and the `extra` statistics.
    package init(_ durations: [Duration], extra: [LatencyStatistic] = []) {
        self.durations = durations
        let microseconds = durations.map(Self.microseconds)
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        for value in microseconds { histogram.record(value) }
        let slowest = microseconds.max() ?? 0
        var values: [LatencyStatistic: Double] = [:]
        for statistic in Self.standard + extra where values[statistic] == nil {
            let value: Double
            switch statistic {
            case .max: value = Double(slowest)
            case .min: value = Double(microseconds.min() ?? 0)
            case .mean: value = microseconds.isEmpty ? 0 : Double(microseconds.reduce(0, +)) / Double(microseconds.count)
            case let .percentile(percent):
                // The histogram gives its bucket's highest value: never more than the slowest run.
                value = microseconds.isEmpty ? 0 : Double(Swift.min(histogram.valueAtPercentile(percent), slowest))
            }
            values[statistic] = value / 1000
        }
        self.values = values
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

    /// How many runs were counted.
    package var count: Int { durations.count }

    /// The value of `statistic` in milliseconds (0 for one not computed).
    package func milliseconds(_ statistic: LatencyStatistic) -> Double {
        values[statistic] ?? 0
    }
}
