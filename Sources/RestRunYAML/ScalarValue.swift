/// A scalar resolved by the YAML 1.2 core schema.
public enum ScalarValue: Sendable, Hashable {
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
    public init(resolving text: String, style: ScalarStyle, tag: String?) {
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
        switch text {
        case "", "~", "null", "Null", "NULL":
            self = .null
        default:
            // Only scalars starting with a digit, a sign, a dot, t/T/f/F can be anything but a string.
            guard let first = text.utf8.first,
                  (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "-")
                    || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || first == UInt8(ascii: "t")
                    || first == UInt8(ascii: "T") || first == UInt8(ascii: "f") || first == UInt8(ascii: "F")
            else {
                self = .string(text)
                return
            }
            if let bool = Self.resolveBool(text) {
                self = .bool(bool)
            } else if let integer = Self.resolveInteger(text) {
                self = .integer(integer)
            } else if let float = Self.resolveFloat(text) {
                self = .float(float)
            } else {
                self = .string(text)
            }
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
        var body = Substring(text)
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        guard let first = body.first else { return nil }
        let magnitude: Int?
        if body.hasPrefix("0x") {
            magnitude = Int(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("0o") {
            magnitude = Int(body.dropFirst(2), radix: 8)
        } else if first.isASCII, first.isNumber, body.allSatisfy({ $0.isASCII && $0.isNumber }) {
            magnitude = Int(body)
        } else {
            magnitude = nil
        }
        guard let magnitude else { return nil }
        return negative ? -magnitude : magnitude
    }

    private static func resolveFloat(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        // The core schema's float pattern: [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var index = text.startIndex
        func digits() -> Int {
            var count = 0
            while index < text.endIndex, let ascii = text[index].asciiValue, ascii >= 48, ascii <= 57 {
                index = text.index(after: index)
                count += 1
            }
            return count
        }
        if index < text.endIndex, text[index] == "-" || text[index] == "+" { index = text.index(after: index) }
        let integerDigits = digits()
        var fractionDigits = 0
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            fractionDigits = digits()
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return nil }
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            index = text.index(after: index)
            if index < text.endIndex, text[index] == "-" || text[index] == "+" { index = text.index(after: index) }
            guard digits() > 0 else { return nil }
        }
        guard index == text.endIndex else { return nil }
        return Double(text)
    }
}
