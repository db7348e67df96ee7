/// Durations as users write and read them: `250ms`, `2s`, `1.5s`, `1m`.
package enum DurationText {
    /// Parses `250ms`, `2s`, `1.5s`, `1m` or `1h`; `nil` for anything else.
    package static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: " ")
        let units: [(String, Double)] = [("ms", 1e-3), ("s", 1), ("m", 60), ("h", 3600)]
        for (unit, seconds) in units where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let value = Double(number), value.isFinite
            else { continue }
            let nanoseconds = (value * seconds * 1e9).rounded()
            // Anything longer than a year is a typo, and would overflow the clocks it is added to.
            guard nanoseconds <= Self.longest else { return nil }
            return .nanoseconds(Int64(nanoseconds))
        }
        return nil
    }

    /// A short human form: `850 ms`, `1.25 s`, `2 m 5 s`.
    package static func format(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return "\(milliseconds) ms" }
        if milliseconds < 10 { return String(format2: milliseconds) + " ms" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let seconds = milliseconds / 1000
        if seconds < 60 { return String(format2: seconds) + " s" }
        return "\(Int(seconds) / 60) m \(Int(seconds) % 60) s"
    }

    /// The longest duration accepted, in nanoseconds: 366 days.
    static let longest = 366.0 * 86_400 * 1e9

    /// What a duration error says to write instead.
    package static let expectation = "a duration such as 250ms, 2s or 1m"
}

extension Duration {
    /// The duration in milliseconds, with fractions.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

extension StringProtocol {
    /// The text without leading and trailing occurrences of `character`.
    package func trimmingCharacters(in character: Character) -> String {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == character { start = index(after: start) }
        while end > start, self[index(before: end)] == character { end = index(before: end) }
        return String(self[start..<end])
    }
}

extension String {
    /// A number with at most two decimals and no trailing zeros.
    init(format2 value: Double) {
        let hundredths = (value * 100).rounded()
        let whole = Int(hundredths / 100)
        let fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
        if fraction == 0 {
            self = String(whole)
        } else if fraction % 10 == 0 {
            self = "\(whole).\(fraction / 10)"
        } else {
            self = "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        }
    }
}
