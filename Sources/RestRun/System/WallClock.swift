#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time of day, for reports that stamp when something happened (durations use
/// `ContinuousClock`).
package enum WallClock {
    /// Seconds since 1970-01-01 UTC, to the nanosecond.
    package static func secondsSince1970() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// `seconds` since 1970 as ISO 8601 in UTC with milliseconds: `2026-11-27T10:44:12.345Z`.
    package static func iso8601(_ seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down))
        let millis = min(999, Int((seconds - seconds.rounded(.down)) * 1000))
        var parts = tm()
        gmtime_r(&whole, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}
