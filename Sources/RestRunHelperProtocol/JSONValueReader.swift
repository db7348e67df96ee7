/// Reads JSON text (RFC 8259) into a `JSONValue`, nested at most `depthLimit` deep.
package struct JSONValueReader {
    /// Why the text is not JSON.
    package struct SyntaxFailure: Error, Sendable {
        /// One sentence.
        package var message: String
    }

    /// How deep arrays and objects may nest.
    package static let depthLimit = 200

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value `text` holds.
    package static func parse(_ text: some Collection<UInt8>) throws(SyntaxFailure) -> JSONValue {
        var parser = JSONValueReader(Array(text))
        let value = try parser.value()
        parser.skipSpace()
        guard parser.offset == parser.bytes.count else { throw parser.failure("text after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> SyntaxFailure { SyntaxFailure(message: "\(message) at byte \(offset)") }

    private mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func value() throws(SyntaxFailure) -> JSONValue {
        skipSpace()
        guard offset < bytes.count else { throw failure("a value is missing") }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.depthLimit else { throw failure("JSON nested more than \(Self.depthLimit) deep") }
            offset += 1
            var members: [JSONValue.Property] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
                let key = try string()
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                offset += 1
                members.append(JSONValue.Property(key, try value()))
                skipSpace()
                guard offset < bytes.count else { throw failure("an object is not closed") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                guard bytes[offset] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
                offset += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.depthLimit else { throw failure("JSON nested more than \(Self.depthLimit) deep") }
            offset += 1
            var items: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(items)
            }
            while true {
                items.append(try value())
                skipSpace()
                guard offset < bytes.count else { throw failure("an array is not closed") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                guard bytes[offset] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
                offset += 1
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            return try number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(SyntaxFailure) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw failure("unexpected text")
        }
        offset += expected.count
        return value
    }

    private mutating func number() throws(SyntaxFailure) -> JSONValue {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        guard digits() > 0 else { throw failure("unexpected text") }
        if offset - integerStart > 1, bytes[integerStart] == UInt8(ascii: "0") { throw failure("a number has a leading zero") }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw failure("a number needs digits after '.'") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
        }
        return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    private mutating func string() throws(SyntaxFailure) -> String {
        offset += 1
        var output: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw failure("a string is not closed") }
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: output, as: UTF8.self) else { throw failure("a string is not UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { throw failure("a string is not closed") }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(8)
                case UInt8(ascii: "f"): output.append(12)
                case UInt8(ascii: "n"): output.append(10)
                case UInt8(ascii: "r"): output.append(13)
                case UInt8(ascii: "t"): output.append(9)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw failure("a lone surrogate in a string")
                        }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw failure("a lone surrogate in a string")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw failure("a bad \\u escape") }
                    output += Array(String(Character(scalar)).utf8)
                default:
                    throw failure("an unknown escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw failure("a control character in a string") }
                output.append(byte)
            }
        }
    }

    private mutating func hex4() throws(SyntaxFailure) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw failure("a bad \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            offset += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a bad \\u escape")
            }
            value = value * 16 + digit
        }
        return value
    }
}
