/// Rates as a load profile writes them: `200/s`, `30/m`, `600/h`, or a number (per second).
package enum LoadRate {
    /// What a rate must look like, for errors.
    package static let expectation = "a rate such as 200/s, 30/m or 600/h"

    /// The rate per second that `text` writes, or nil; at most a million a second.
    package static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: " ")
        var number = Substring(trimmed)
        var per = 1.0
        for (unit, seconds) in [("/s", 1.0), ("/m", 60.0), ("/h", 3600.0)] where trimmed.hasSuffix(unit) {
            number = trimmed.dropLast(unit.count)
            per = seconds
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number) else {
            return nil
        }
        let rate = value / per
        return rate.isFinite && rate >= 0 && rate <= 1_000_000 ? rate : nil
    }

    /// `200/s`, `0.5/s`.
    package static func format(_ perSecond: Double) -> String {
        (perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(format2: perSecond)) + "/s"
    }
}
