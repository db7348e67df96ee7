/// One whole second of a load run's timeline: what was scheduled, started, completed, failed and
/// dropped in it, and the latencies of the requests that completed in it.
package struct LoadSecond: Sendable, Equatable {
    /// Seconds from the run's start.
    package var time: Int
    /// Iterations scheduled, started (sent), completed, and dropped; requests that failed.
    package var scheduled = 0, sent = 0, completed = 0, errors = 0, dropped = 0
    /// Requests completed in it, and their latencies' median, 99th percentile and greatest, in
    /// milliseconds.
    package var requests = 0
    package var p50 = 0.0, p99 = 0.0, max = 0.0

    /// An empty second.
    package init(time: Int) {
        self.time = time
    }

    /// This second and the same second of another shard: counts added, the greatest latency
    /// kept, the median weighted by requests, and the 99th percentile the higher of the two (a
    /// bound: a second's histogram is not kept).
    mutating func add(_ other: LoadSecond) {
        let total = requests + other.requests
        if total > 0 { p50 = (p50 * Double(requests) + other.p50 * Double(other.requests)) / Double(total) }
        p99 = Swift.max(p99, other.p99)
        max = Swift.max(max, other.max)
        scheduled += other.scheduled
        sent += other.sent
        completed += other.completed
        errors += other.errors
        dropped += other.dropped
        requests = total
    }
}
