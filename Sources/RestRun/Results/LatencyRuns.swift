import Histogram

/// The runs of one request as they are counted: an HdrHistogram of their durations in whole
/// microseconds (3 significant digits) with their count, least, greatest and total, and every
/// duration itself only when a report lists them, so that a long run's memory stays bounded.
package struct LatencyRuns: Sendable {
    /// How many runs.
    package private(set) var count = 0
    /// The fastest and slowest, and the sum, in microseconds.
    package private(set) var minimum: UInt64 = .max, maximum: UInt64 = 0, total: UInt64 = 0
    /// Every run's duration in the order they ran, when kept.
    package private(set) var durations: [Duration]?
    private(set) var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    /// No runs yet; `keepsDurations` keeps every duration as well.
    package init(keepsDurations: Bool) {
        durations = keepsDurations ? [] : nil
    }

    /// Counts one run.
    package mutating func add(_ duration: Duration) {
        let microseconds = LatencySummary.microseconds(duration)
        count += 1
        minimum = Swift.min(minimum, microseconds)
        maximum = Swift.max(maximum, microseconds)
        total &+= microseconds
        histogram.record(microseconds)
        durations?.append(duration)
    }

    /// The value at `percent` in microseconds: its histogram bucket's highest value, never more
    /// than the slowest run.
    func value(atPercentile percent: Double) -> UInt64 {
        count == 0 ? 0 : Swift.min(histogram.valueAtPercentile(percent), maximum)
    }
}
