/// The `format` values rest-run can assert (when `formats: assert` asks, and for schemas from an
/// OpenAPI spec): dates and times of RFC 3339, ISO 8601 durations, e-mail addresses, UUIDs, URIs
/// and URI references (RFC 3986), IPv4 and IPv6 addresses, host names (RFC 1123) and regular
/// expressions. Any other format is an annotation only.
enum SchemaFormats {
    /// Whether `text` has the format `name`; nil when rest-run does not check that format.
    static func check(_ name: String, _ text: String) -> Bool? {
        switch name {
        case "date-time": isDateTime(text)
        case "date": isDate(Array(text.utf8)[...])
        case "time": isTime(Array(text.utf8)[...], date: nil)
        case "duration": isDuration(text)
        case "email": isEmail(text)
        case "uuid": isUUID(text)
        case "uri": isURI(text, requiresScheme: true)
        case "uri-reference": isURI(text, requiresScheme: false)
        case "ipv4": isIPv4(Substring(text))
        case "ipv6": isIPv6(text)
        case "hostname": isHostname(text)
        case "regex": (try? Regex(text)) != nil
        default: nil
        }
    }

    /// Whether `number` has the numeric format `name` (OpenAPI's `int32` and `int64`); nil for
    /// any other format.
    static func check(_ name: String, number: Double) -> Bool? {
        switch name {
        case "int32": number.rounded() == number && number >= -2_147_483_648 && number <= 2_147_483_647
        case "int64": number.rounded() == number && number >= -9_223_372_036_854_775_808 && number < 9_223_372_036_854_775_808
        default: nil
        }
    }

    /// "a date-time (RFC 3339)", for messages.
    static func phrase(_ name: String) -> String {
        switch name {
        case "date-time": "a date-time (RFC 3339, like 2024-05-01T12:00:00Z)"
        case "date": "a date (RFC 3339, like 2024-05-01)"
        case "time": "a time with an offset (RFC 3339, like 12:00:00Z)"
        case "duration": "a duration (ISO 8601, like P1DT2H)"
        case "email": "an e-mail address"
        case "uuid": "a UUID"
        case "uri": "an absolute URI"
        case "uri-reference": "a URI reference"
        case "ipv4": "an IPv4 address"
        case "ipv6": "an IPv6 address"
        case "hostname": "a host name"
        case "regex": "a regular expression"
        case "int32": "a whole number that fits 32 bits"
        case "int64": "a whole number that fits 64 bits"
        default: "the format '\(name)'"
        }
    }

    // MARK: Dates and times (RFC 3339, section 5.6)

    private static func digits(_ bytes: ArraySlice<UInt8>, _ count: Int) -> Int? {
        guard bytes.count == count, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 10 else { return false }
        let start = bytes.startIndex
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
              let year = digits(bytes[start..<(start + 4)], 4), let month = digits(bytes[(start + 5)..<(start + 7)], 2),
              let day = digits(bytes[(start + 8)..<(start + 10)], 2), (1...12).contains(month)
        else { return false }
        let days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `HH:MM:SS[.frac](Z|+HH:MM|-HH:MM)`; a leap second only where it is 23:59:60 in UTC.
    static func isTime(_ bytes: ArraySlice<UInt8>, date: Void?) -> Bool {
        guard bytes.count >= 9 else { return false }
        let start = bytes.startIndex
        guard bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
              let hour = digits(bytes[start..<(start + 2)], 2), let minute = digits(bytes[(start + 3)..<(start + 5)], 2),
              let second = digits(bytes[(start + 6)..<(start + 8)], 2), hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = start + 8
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > fractionStart else { return false }
        }
        guard index < bytes.endIndex else { return false }
        var offsetMinutes = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.endIndex else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let offset = bytes[(index + 1)...]
            guard offset.count == 5, offset[offset.startIndex + 2] == UInt8(ascii: ":"),
                  let offsetHour = digits(offset.prefix(2), 2), let offsetMinute = digits(offset.suffix(2), 2),
                  offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)[...]
        guard bytes.count > 11, [UInt8(ascii: "T"), UInt8(ascii: "t")].contains(bytes[10]) else { return false }
        return isDate(bytes.prefix(10)) && isTime(bytes.dropFirst(11), date: nil)
    }

    /// ISO 8601 durations as RFC 3339's appendix A gives them: `P1Y2M3DT4H5M6S`, `P2W`.
    static func isDuration(_ text: String) -> Bool {
        var rest = Substring(text)
        guard rest.first == "P" else { return false }
        rest = rest.dropFirst()
        guard !rest.isEmpty else { return false }
        if rest.last == "W" { return rest.dropLast().allSatisfy(\.isASCIIDigit) && rest.count > 1 }
        let parts = rest.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        func units(_ part: Substring, _ order: [Character]) -> Bool? {
            var position = 0
            var number = ""
            var count = 0
            for character in part {
                if character.isASCIIDigit {
                    number.append(character)
                } else {
                    guard !number.isEmpty, let found = order[position...].firstIndex(of: character) else { return nil }
                    position = found + 1
                    number = ""
                    count += 1
                }
            }
            return number.isEmpty ? count > 0 : nil
        }
        let datePart = parts[0]
        if !datePart.isEmpty, units(datePart, ["Y", "M", "D"]) == nil { return false }
        if parts.count == 2 {
            guard units(parts[1], ["H", "M", "S"]) == true else { return false }
        } else if datePart.isEmpty {
            return false
        }
        return true
    }

    // MARK: Identifiers

    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !Character(UnicodeScalar(byte)).isHexDigit {
                return false
            }
        }
        return true
    }

    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at], domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, local.utf8.count <= 64 else { return false }
        if local.hasPrefix("\""), local.hasSuffix("\""), local.count >= 2 {
            // A quoted local part: any printable ASCII, with `\` escaping the next character.
            guard local.dropFirst().dropLast().unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) else { return false }
        } else {
            let allowed = Set("!#$%&'*+-/=?^_`{|}~.")
            guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
                  local.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || allowed.contains($0) })
            else { return false }
        }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.lowercased().hasPrefix("ipv6:") { return isIPv6(String(literal.dropFirst(5))) }
            return isIPv4(literal)
        }
        return isHostname(String(domain))
    }

    static func isHostname(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-"),
                  label.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
            else { return false }
            if label.count >= 4, label.dropFirst(2).hasPrefix("--"), !label.lowercased().hasPrefix("xn--") { return false }
            if label.lowercased().hasPrefix("xn--"), Punycode.decode(label.dropFirst(4)) == nil { return false }
        }
        return true
    }

    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard !part.isEmpty, part.count <= 3, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  part == "0" || !part.hasPrefix("0"), let value = Int(part)
            else { return false }
            return value <= 255
        }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 45, !text.contains("%") else { return false }
        var groups = text.split(separator: ":", omittingEmptySubsequences: false).map { $0 }
        var limit = 8
        if let last = groups.last, last.contains(".") {
            guard isIPv4(last) else { return false }
            // The dotted tail stands for the last two groups.
            groups.removeLast()
            limit = 6
        }
        let doubleColons = text.ranges(of: "::").count
        guard doubleColons <= 1 else { return false }
        if doubleColons == 0 {
            guard groups.count == limit else { return false }
            return groups.allSatisfy(isHexGroup)
        }
        // Empty groups only where `::` is (at the start or end, `::` gives two empty strings).
        var trimmed = groups
        if text.hasPrefix("::") { trimmed.removeFirst() }
        if text.hasSuffix("::"), !trimmed.isEmpty { trimmed.removeLast() }
        let empties = trimmed.filter(\.isEmpty).count
        guard empties == 1 else { return false }
        let written = trimmed.filter { !$0.isEmpty }
        return written.count < limit && written.allSatisfy(isHexGroup)
    }

    private static func isHexGroup(_ group: Substring) -> Bool {
        !group.isEmpty && group.count <= 4 && group.allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    // MARK: URIs (RFC 3986)

    static func isURI(_ text: String, requiresScheme: Bool) -> Bool {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let subDelims = Set("!$&'()*+,;=")
        func valid(_ part: Substring, extra: Set<Character>) -> Bool {
            var index = part.startIndex
            while index < part.endIndex {
                let character = part[index]
                if character == "%" {
                    let next = part.index(after: index)
                    guard part.distance(from: next, to: part.endIndex) >= 2,
                          part[next].isHexDigit, part[part.index(after: next)].isHexDigit
                    else { return false }
                    index = part.index(index, offsetBy: 3)
                    continue
                }
                guard unreserved.contains(character) || subDelims.contains(character) || extra.contains(character) else { return false }
                index = part.index(after: index)
            }
            return true
        }
        let uri = SchemaURI(text)
        if requiresScheme, uri.scheme == nil { return false }
        if let scheme = uri.scheme {
            guard let first = scheme.first, first.isASCII, first.isLetter,
                  scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return false }
        } else if let colon = uri.path.firstIndex(of: ":"), !uri.path[..<colon].contains("/") {
            return false
        }
        if let authority = uri.authority {
            var host = Substring(authority)
            if let at = host.lastIndex(of: "@") {
                guard valid(host[..<at], extra: [":"]) else { return false }
                host = host[host.index(after: at)...]
            }
            if host.hasPrefix("[") {
                guard let close = host.firstIndex(of: "]"), isIPv6(String(host[host.index(after: host.startIndex)..<close])) else { return false }
                host = host[host.index(after: close)...]
                if !host.isEmpty {
                    guard host.hasPrefix(":"), host.dropFirst().allSatisfy(\.isASCIIDigit) else { return false }
                }
            } else {
                if let colon = host.lastIndex(of: ":") {
                    guard host[host.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return false }
                    host = host[..<colon]
                }
                guard valid(host, extra: []) else { return false }
            }
        }
        return valid(Substring(uri.path), extra: [":", "@", "/"])
            && valid(Substring(uri.query ?? ""), extra: [":", "@", "/", "?"])
            && valid(Substring(uri.fragment ?? ""), extra: [":", "@", "/", "?"])
    }
}

extension Character {
    /// Whether this is `0` through `9`.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
