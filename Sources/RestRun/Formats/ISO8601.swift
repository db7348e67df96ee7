#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UTC times in ISO 8601 (`2026-11-22T04:05:06Z`), for reports.
package enum ISO8601 {
    /// The current time, to the second.
    package static func now() -> String {
        text(secondsSince1970: Double(time(nil)))
    }

    /// `seconds` since 1970, in UTC; with `milliseconds`, `.345` after the seconds.
    package static func text(secondsSince1970 seconds: Double, milliseconds: Bool = false) -> String {
        var whole = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&whole, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
        if milliseconds {
            let millis = min(999, Int((seconds - seconds.rounded(.down)) * 1000))
            text += millis < 10 ? ".00\(millis)" : millis < 100 ? ".0\(millis)" : ".\(millis)"
        }
        return text + "Z"
    }
}
