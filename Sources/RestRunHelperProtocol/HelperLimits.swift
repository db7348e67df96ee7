/// The bounds both sides of a helper hold to.
package enum HelperLimits {
    /// The longest request line a helper reads; a longer one is answered as a failure.
    package static let requestLine = 64 * 1024 * 1024
    /// The longest answer line rest-run reads; a longer one ends the helper.
    package static let answerLine = 256 * 1024 * 1024

    /// `seconds` as a duration of at most a day, to the nanosecond, or nil when it is not a
    /// positive number of nanoseconds.
    package static func duration(seconds: Double) -> Duration? {
        guard seconds.isFinite else { return nil }
        let nanoseconds = Int64((min(seconds, 86_400) * 1e9).rounded())
        return nanoseconds > 0 ? .nanoseconds(nanoseconds) : nil
    }
}
