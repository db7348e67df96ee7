/// One number over a request's runs that `expect: duration:` can budget: a percentile (`p50`,
/// `p95`, `p99.9`), `max`, `mean` or `min`.
package enum LatencyStatistic: Sendable, Equatable, Hashable {
    /// The nearest-rank percentile, 0 < p <= 100.
    case percentile(Double)
    /// The slowest run.
    case max
    /// The arithmetic mean of the runs.
    case mean
    /// The fastest run.
    case min

    /// The names shown in messages about an unknown one.
    package static let examples = ["p50", "p75", "p90", "p95", "p99", "p99.9", "max", "mean", "min"]

    /// Reads `p95`, `p99.9`, `max`, `mean`, `min`; nil for anything else.
    package init?(_ text: String) {
        switch text {
        case "max": self = .max
        case "mean": self = .mean
        case "min": self = .min
        default:
            guard text.first == "p", text.count > 1, text.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let value = Double(text.dropFirst()), value > 0, value <= 100
            else { return nil }
            self = .percentile(value)
        }
    }

    /// Whether `text` reads as a statistic's name (so a mapping with such keys is a budget).
    package static func looksLikeOne(_ text: String) -> Bool {
        LatencyStatistic(text) != nil || (text.first == "p" && text.dropFirst().first?.isNumber == true)
    }

    /// `p95`, `p99.9`, `max`.
    package var name: String {
        switch self {
        case let .percentile(value): "p" + LatencyStatistic.number(value)
        case .max: "max"
        case .mean: "mean"
        case .min: "min"
        }
    }

    /// `95`, `99.9`: a percentile without a trailing `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
