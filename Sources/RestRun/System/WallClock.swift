#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time of day, for reports that stamp when something happened (durations use
/// `ContinuousClock`; `ISO8601` writes it).
package enum WallClock {
    /// Seconds since 1970-01-01 UTC, to the nanosecond.
    package static func secondsSince1970() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
