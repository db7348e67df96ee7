/// A scalar resolved by the YAML 1.2 core schema.
package enum ScalarValue: Sendable, Hashable {
    /// `null`, `Null`, `NULL`, `~` or nothing at all.
    case null
    /// `true` / `false` (and their capitalised forms); `yes` and `no` stay strings.
    case bool(Bool)
    /// A decimal, `0o` octal or `0x` hexadecimal integer that fits 64 bits.
    case integer(Int)
    /// A float, including `.inf`, `-.inf` and `.nan`.
    case float(Double)
    /// Anything else, and every quoted or block scalar.
    case string(String)

    /// Resolves `text` written in `style` with an optional explicit `tag`.
    package init(resolving text: String, style: ScalarStyle, tag: String?) {
        if let tag {
            switch tag {
            case "tag:yaml.org,2002:str": self = .string(text); return
            case "tag:yaml.org,2002:null": self = .null; return
            case "tag:yaml.org,2002:bool":
                self = Self.resolveBool(text).map(ScalarValue.bool) ?? .string(text); return
            case "tag:yaml.org,2002:int":
                self = Self.resolveInteger(text).map(ScalarValue.integer) ?? .string(text); return
            case "tag:yaml.org,2002:float":
                self = Self.resolveFloat(text).map(ScalarValue.float) ?? .string(text); return
            default: break
            }
        }
        guard style == .plain else {
            self = .string(text)
            return
        }
        // The first byte says which spellings are possible: most scalars are strings at once.
        guard let first = text.utf8.first else {
            self = .null
            return
        }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            self = Self.isNullText(text) ? .null : .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            self = Self.resolveBool(text).map(ScalarValue.bool) ?? .string(text)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let integer = Self.resolveInteger(text) {
                self = .integer(integer)
            } else if let float = Self.resolveFloat(text) {
                self = .float(float)
            } else {
                self = .string(text)
            }
        default:
            self = .string(text)
        }
    }

    /// Whether a plain scalar with no tag resolves to a string, decided without making the value:
    /// the same first-byte choice as `init(resolving:style:tag:)`.
    package static func isPlainString(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"): return !isNullText(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"): return resolveBool(text) == nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return resolveInteger(text) == nil && resolveFloat(text) == nil
        default: return true
        }
    }

    private static func resolveBool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    private static func resolveInteger(_ text: String) -> Int? {
        // On the bytes in place: indexing the UTF-8 view costs several times more per byte.
        var text = text
        return text.withUTF8(resolveInteger)
    }

    private static func resolveInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let end = bytes.count
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < end else { return nil }
        var radix = 10
        if bytes[index] == UInt8(ascii: "0"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "x") || bytes[index + 1] == UInt8(ascii: "o") {
            radix = bytes[index + 1] == UInt8(ascii: "x") ? 16 : 8
            index += 2
            guard index < end else { return nil }
        }
        // Accumulated as a negative number so that Int.min fits.
        var value = 0
        while index < end {
            let byte = bytes[index]
            index += 1
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (next, underflow) = shifted.subtractingReportingOverflow(digit)
            guard !overflow, !underflow else { return nil }
            value = next
        }
        if negative { return value }
        return value == Int.min ? nil : -value
    }

    private static func resolveFloat(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        // The core schema's float pattern: [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        func skip(_ accepted: UInt8...) -> Bool {
            guard index < bytes.count, accepted.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        _ = skip(UInt8(ascii: "-"), UInt8(ascii: "+"))
        let integerDigits = digits()
        let fractionDigits = skip(UInt8(ascii: ".")) ? digits() : 0
        guard integerDigits > 0 || fractionDigits > 0 else { return nil }
        if skip(UInt8(ascii: "e"), UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "-"), UInt8(ascii: "+"))
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count else { return nil }
        return Double(text)
    }

    /// Whether a scalar written as `text` in `style` with `tag` resolves to null, without resolving
    /// it any further.
    package static func isNull(_ text: String, style: ScalarStyle, tag: String?) -> Bool {
        if tag != nil { return ScalarValue(resolving: text, style: style, tag: tag) == .null }
        return style == .plain && isNullText(text)
    }

    /// The core schema's spellings of null for a plain scalar.
    private static func isNullText(_ text: String) -> Bool {
        let bytes = text.utf8
        switch bytes.count {
        case 0: return true
        case 1: return bytes.first == UInt8(ascii: "~")
        case 4: return text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }
}
