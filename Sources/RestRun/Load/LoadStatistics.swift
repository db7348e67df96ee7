import Histogram

/// What `rest-run load` counts of one request name, or of all: requests, errors by kind, and the
/// latency (from the intended start) and service time (from the actual send) as HdrHistograms
/// of microseconds, so that memory does not grow with the run's length.
package struct LoadStatistics: Sendable {
    /// The kinds of error, in the order reports list them.
    package static let errorKinds = ["status", "network", "expectation"]

    /// Requests counted.
    package private(set) var count = 0
    /// Requests that failed.
    package private(set) var errors = 0
    /// Failures by kind (`status`, `network`, `expectation`).
    package private(set) var errorKinds: [String: Int] = [:]
    var latency = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
    var service = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    /// Nothing counted.
    package init() {}

    /// Counts one request: its latency and service time in microseconds, and its error's kind.
    mutating func record(latency: UInt64, service: UInt64, error kind: String?) {
        count += 1
        self.latency.record(Swift.min(Swift.max(latency, 1), HistogramCoding.highest))
        self.service.record(Swift.min(Swift.max(service, 1), HistogramCoding.highest))
        if let kind {
            errors += 1
            errorKinds[kind, default: 0] += 1
        }
    }

    /// These and `other` together, exactly.
    mutating func add(_ other: LoadStatistics) {
        count += other.count
        errors += other.errors
        for (kind, number) in other.errorKinds { errorKinds[kind, default: 0] += number }
        latency.add(other.latency)
        service.add(other.service)
    }

    /// Restores statistics a report wrote.
    init(count: Int, errors: Int, errorKinds: [String: Int], latency: Histogram<UInt64>, service: Histogram<UInt64>) {
        self.count = count
        self.errors = errors
        self.errorKinds = errorKinds
        self.latency = latency
        self.service = service
    }

    /// A statistic of the latencies (or with `service`, the service times) in milliseconds.
    package func milliseconds(_ statistic: LoadThreshold.Statistic, service: Bool = false) -> Double {
        let histogram = service ? self.service : latency
        guard histogram.totalCount > 0 else { return 0 }
        switch statistic {
        case let .percentile(percent): return Double(Swift.min(histogram.valueAtPercentile(percent), histogram.max)) / 1000
        case .max: return Double(histogram.max) / 1000
        case .mean: return histogram.mean / 1000
        }
    }

    /// Failed requests over all requests (0 when none ran).
    package var errorRate: Double { count == 0 ? 0 : Double(errors) / Double(count) }
}
