/// Sizes as users write and read them: `512KB`, `10MB`, `1GB` (powers of 1024), or a plain number of bytes.
package enum ByteCount {
    /// Parses `512KB`, `10MB`, `1GB`, `100B` or a whole number of bytes; `nil` for anything else.
    package static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: " ").uppercased()
        let units: [(String, Double)] = [
            ("KIB", 1024), ("MIB", 1024 * 1024), ("GIB", 1024 * 1024 * 1024),
            ("KB", 1024), ("MB", 1024 * 1024), ("GB", 1024 * 1024 * 1024), ("B", 1),
        ]
        for (unit, factor) in units where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingCharacters(in: " ")
            guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(number) else { return nil }
            let bytes = value * factor
            return bytes < Double(Int.max) ? Int(bytes) : nil
        }
        guard trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(trimmed)
    }

    /// A short human form: `512 B`, `1.5 KB`, `10 MB`.
    package static func format(_ bytes: Int) -> String {
        let value = Double(bytes)
        if value < 1024 { return "\(bytes) B" }
        if value < 1024 * 1024 { return String(format2: value / 1024) + " KB" }
        if value < 1024 * 1024 * 1024 { return String(format2: value / 1024 / 1024) + " MB" }
        return String(format2: value / 1024 / 1024 / 1024) + " GB"
    }

    /// What a size error says to write instead.
    package static let expectation = "a size such as 512KB, 10MB or 1GB"
}
