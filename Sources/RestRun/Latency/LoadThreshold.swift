/// A bound `rest-run load` checks at the end of a run, over the whole run or one request:
/// `p95 < 200ms`, `error_rate < 1%`, `rate >= 190/s`, `dropped == 0`.
package struct LoadThreshold: Sendable, Equatable {
    /// What a threshold measures.
    package enum Metric: Sendable, Equatable {
        /// A latency statistic (from the intended start), or with `service` the service time's.
        case duration(service: Bool, statistic: Statistic)
        /// Requests that failed, over all requests.
        case errorRate
        /// Iterations completed a second.
        case rate
        /// Iterations dropped.
        case dropped
    }

    /// A statistic of durations.
    package enum Statistic: Sendable, Equatable {
        /// The value at a percentile (50, 95, 99.9).
        case percentile(Double)
        case max
        case mean
    }

    /// How the figure is compared with the bound.
    package enum Comparison: String, Sendable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case equal = "=="
        case less = "<"
        case greater = ">"

        /// Whether `actual` compared with `bound` holds.
        package func holds(_ actual: Double, _ bound: Double) -> Bool {
            switch self {
            case .less: actual < bound
            case .lessOrEqual: actual <= bound
            case .greater: actual > bound
            case .greaterOrEqual: actual >= bound
            case .equal: abs(actual - bound) < 1e-9
            }
        }
    }

    /// The metric.
    package var metric: Metric
    /// The comparison.
    package var comparison: Comparison
    /// The bound: milliseconds for durations, a fraction for `error_rate`, a count or a rate.
    package var bound: Double
    /// The request it is about; nil for the whole run.
    package var request: String?
    /// The metric as written (`p95`, `service_p99`, `error_rate`).
    package var metricName: String
    /// The bound as written (`200ms`, `1%`).
    package var boundText: String

    /// `p95 < 200ms`.
    package var expression: String { "\(metricName) \(comparison.rawValue) \(boundText)" }

    /// The metrics a threshold may name, for errors.
    package static let metricNames = "p50 … p99.9, max, mean, service_p99 (and the like), error_rate, rate, dropped"

    /// The metric `name` names, or nil.
    package static func metric(_ name: String) -> Metric? {
        switch name {
        case "error_rate": return .errorRate
        case "rate": return .rate
        case "dropped": return .dropped
        default: break
        }
        let service = name.hasPrefix("service_")
        let rest = service ? String(name.dropFirst("service_".count)) : name
        switch rest {
        case "max": return .duration(service: service, statistic: .max)
        case "mean": return .duration(service: service, statistic: .mean)
        default:
            guard rest.hasPrefix("p"), let percent = Double(rest.dropFirst()), percent > 0, percent <= 100,
                rest.dropFirst().allSatisfy({ $0.isNumber || $0 == "." })
            else { return nil }
            return .duration(service: service, statistic: .percentile(percent))
        }
    }

    /// The bound `text` writes for `metric` in its unit, or why it cannot be one.
    package static func bound(_ text: String, for metric: Metric) -> Result<Double, BoundError> {
        let text = text.trimmingCharacters(in: " ")
        switch metric {
        case .duration:
            guard let duration = DurationText.parse(text) else { return .failure(BoundError(expected: "a duration such as 200ms or 1.5s")) }
            return .success(duration.milliseconds)
        case .errorRate:
            if text.hasSuffix("%"), let percent = Double(text.dropLast().trimmingCharacters(in: " ")), (0...100).contains(percent) {
                return .success(percent / 100)
            }
            if let fraction = Double(text), (0...1).contains(fraction) { return .success(fraction) }
            return .failure(BoundError(expected: "a percentage such as 1% (or a fraction from 0 to 1)"))
        case .rate:
            guard let rate = LoadRate.parse(text) else { return .failure(BoundError(expected: LoadRate.expectation)) }
            return .success(rate)
        case .dropped:
            guard let count = Int(text), count >= 0 else { return .failure(BoundError(expected: "a count such as 0")) }
            return .success(Double(count))
        }
    }

    /// Why a bound was refused: what it should have been.
    package struct BoundError: Error, Sendable {
        /// `a duration such as 200ms`.
        package var expected: String
    }

    /// A threshold as the command line writes it: `p95<200ms`, `error_rate < 1%`, or one
    /// request's, `checkout: p99<800ms`; nil with the reason when it is not one.
    package static func parse(_ text: String) -> Result<LoadThreshold, BoundError> {
        var request: String?
        var body = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            request = text[..<colon].trimmingCharacters(in: " ")
            body = text[text.index(after: colon)...]
        }
        guard let comparison = Comparison.allCases.first(where: { body.contains($0.rawValue) }),
            let range = body.firstRange(of: comparison.rawValue)
        else {
            return .failure(BoundError(expected: "a metric, a comparison (<, <=, >, >=, ==) and a bound, such as 'p95<200ms'"))
        }
        let name = body[..<range.lowerBound].trimmingCharacters(in: " ")
        guard let metric = metric(name) else {
            return .failure(BoundError(expected: "a metric among \(metricNames), not '\(name)'"))
        }
        let boundText = body[range.upperBound...].trimmingCharacters(in: " ")
        switch bound(boundText, for: metric) {
        case let .failure(error): return .failure(error)
        case let .success(value):
            return .success(LoadThreshold(
                metric: metric, comparison: comparison, bound: value, request: request?.isEmpty == true ? nil : request,
                metricName: name, boundText: boundText))
        }
    }
}
