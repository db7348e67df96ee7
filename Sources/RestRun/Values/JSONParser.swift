import OrderedCollections

/// Parses JSON bytes (RFC 8259) into a `DecodedValue`, keeping integers as integers and object keys
/// in order. Errors say what was expected and at which line and column of the body.
public struct JSONParser {
    /// How deep arrays and objects may nest before the parser refuses the document.
    public static let maximumDepth = 512

    /// A body that is not JSON.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What was wrong.
        public var message: String
        /// 1-based line in the body.
        public var line: Int
        /// 1-based column in the body.
        public var column: Int
        /// `message at line L, column C`
        public var description: String { "\(message) at line \(line), column \(column)" }
    }

    /// Parses `bytes` as one JSON value, optionally surrounded by white space.
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(Failure) -> DecodedValue {
        try parse(Array(bytes))
    }

    /// Parses JSON bytes.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> DecodedValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> DecodedValue in
            // RFC 8259: JSON is UTF-8. A bad byte is an error where it stands, never a U+FFFD: strings
            // (the only place a byte above 0x7F may be) are checked as they are read, and any other
            // error is reported as the bad byte when one comes first.
            var parser = Cursor(bytes: buffer)
            parser.skipByteOrderMark()
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.failure("unexpected text after the JSON value") }
            return value
        }
    }

    /// Parses JSON bytes, building only the members `selection` keeps (objects hold only those;
    /// any other value a kept path passes through stands as `null`) and checking all the rest as
    /// `parse` does. A document `parse` refuses is refused with `parse`'s own error.
    package static func parse(_ bytes: [UInt8], keeping selection: Selection) throws(Failure) -> DecodedValue {
        do {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> DecodedValue in
                var parser = Cursor(bytes: buffer)
                parser.skipByteOrderMark()
                parser.skipWhitespace()
                let value = try parser.value(depth: 0, keeping: selection)
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.failure("unexpected text after the JSON value") }
                return value
            }
        } catch {
            // The whole parser says what is wrong, exactly as it would have.
            return try parse(bytes)
        }
    }

    /// Parses a JSON text.
    public static func parse(_ text: String) throws(Failure) -> DecodedValue {
        try parse(Array(text.utf8))
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// RFC 8259 lets a parser ignore a UTF-8 byte-order mark, which no JSON should have but
        /// files saved by some editors and tools (Postman collections, HAR captures) do.
        mutating func skipByteOrderMark() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        func failure(_ message: String) -> Failure {
            var message = message
            var index = index
            let checked = Array(bytes[0..<min(index + 4, bytes.count)])
            if let offset = UTF8Position.firstInvalidOffset(in: checked), offset <= index {
                index = offset
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                message = "invalid UTF-8: the byte 0x\(byte.count == 1 ? "0" : "")\(byte) cannot start or continue a character"
            }
            var line = 1, column = 1
            for byte in bytes[0..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return Failure(message: message, line: line, column: column)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Failure) -> DecodedValue {
            guard index < bytes.count else { throw failure("unexpected end of JSON") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("expected a JSON value")
            }
        }

        /// `value(depth:)`, building only what `selection` keeps.
        mutating func value(depth: Int, keeping selection: Selection) throws(Failure) -> DecodedValue {
            if selection.keepsAll { return try value(depth: depth) }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
                try skip(depth: depth)
                return .null
            }
            let depth = depth + 1
            var members = OrderedDictionary<String, DecodedValue>()
            if try open(UInt8(ascii: "}"), depth: depth) { return .object(members) }
            repeat {
                try expectKey()
                let kept = try keptMember(of: selection)
                try expectColon()
                if let (key, next) = kept {
                    members[key] = try value(depth: depth, keeping: next)
                } else {
                    try skip(depth: depth)
                }
            } while try !closes(UInt8(ascii: "}"))
            return .object(members)
        }

        /// Reads an object key; returns it and what is kept under it when `selection` keeps it.
        /// A plain ASCII key is compared in place and made into a string only when kept.
        mutating func keptMember(of selection: Selection) throws(Failure) -> (String, Selection)? {
            let quote = index
            if skipPlainString() {
                let key = UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(index - 1)])
                for member in selection.members {
                    // ASCII text equals a string only byte for byte; other names compare as strings.
                    if member.isASCII ? key.elementsEqual(member.name.utf8) : String(decoding: key, as: UTF8.self) == member.name {
                        return (String(decoding: key, as: UTF8.self), member.next)
                    }
                }
                return nil
            }
            let key = try string()
            for member in selection.members where member.name == key { return (key, member.next) }
            return nil
        }

        /// Skips a string of plain ASCII (no escape, no control byte) and its closing quote; returns
        /// false, moving nothing, for any other string.
        mutating func skipPlainString() -> Bool {
            let quote = index
            index += 1
            skipPlainWords()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return true }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            index = quote
            return false
        }

        /// Checks one value as `value(depth:)` does, building nothing (but for strings with escapes
        /// or beyond ASCII, which are read to be checked).
        mutating func skip(depth: Int) throws(Failure) {
            guard index < bytes.count else { throw failure("unexpected end of JSON") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                let depth = depth + 1
                if try open(UInt8(ascii: "}"), depth: depth) { return }
                repeat {
                    try expectKey()
                    if !skipPlainString() { _ = try string() }
                    try expectColon()
                    try skip(depth: depth)
                } while try !closes(UInt8(ascii: "}"))
            case UInt8(ascii: "["):
                let depth = depth + 1
                if try open(UInt8(ascii: "]"), depth: depth) { return }
                repeat {
                    skipWhitespace()
                    try skip(depth: depth)
                } while try !closes(UInt8(ascii: "]"))
            case UInt8(ascii: "\""):
                if !skipPlainString() { _ = try string() }
            default:
                _ = try value(depth: depth)  // a number or a literal: nothing to allocate
            }
        }

        mutating func literal(_ word: StaticString) throws(Failure) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw failure("expected a JSON value") }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                throw failure("expected a JSON value")
            }
            index += count
        }

        mutating func object(depth: Int) throws(Failure) -> DecodedValue {
            var members = OrderedDictionary<String, DecodedValue>()
            if try open(UInt8(ascii: "}"), depth: depth) { return .object(members) }
            repeat {
                try expectKey()
                let key = try string()
                try expectColon()
                members[key] = try value(depth: depth)
            } while try !closes(UInt8(ascii: "}"))
            return .object(members)
        }

        mutating func array(depth: Int) throws(Failure) -> DecodedValue {
            var items: [DecodedValue] = []
            if try open(UInt8(ascii: "]"), depth: depth) { return .array(items) }
            repeat {
                skipWhitespace()
                items.append(try value(depth: depth))
            } while try !closes(UInt8(ascii: "]"))
            return .array(items)
        }

        /// Enters an object or array `depth` deep (refused past the maximum), past its opening
        /// bracket and white space; true when it is empty, its `closing` bracket read too.
        @inline(__always)
        mutating func open(_ closing: UInt8, depth: Int) throws(Failure) -> Bool {
            guard depth <= JSONParser.maximumDepth else { throw failure("JSON nested too deeply") }
            index += 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == closing else { return false }
            index += 1
            return true
        }

        /// White space, then the quote that opens a member's key (left to be read).
        @inline(__always)
        mutating func expectKey() throws(Failure) {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
        }

        /// The ':' between a member's key and its value, and the white space around it.
        @inline(__always)
        mutating func expectColon() throws(Failure) {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
        }

        /// What follows a member or an item: true past the `closing` bracket, false past a comma.
        @inline(__always)
        mutating func closes(_ closing: UInt8) throws(Failure) -> Bool {
            skipWhitespace()
            let object = closing == UInt8(ascii: "}")
            guard index < bytes.count else { throw failure(object ? "unexpected end of JSON in an object" : "unexpected end of JSON in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; return false }
            if bytes[index] == closing { index += 1; return true }
            throw failure(object ? "expected ',' or '}'" : "expected ',' or ']'")
        }

        mutating func string() throws(Failure) -> String {
            index += 1
            let start = index
            var ascii = true
            // Fast path: no escapes.
            skipPlainWords()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    if ascii {
                        index += 1
                        return String(decoding: slice, as: UTF8.self)
                    }
                    guard let text = String(validating: slice, as: UTF8.self) else { throw failure("invalid UTF-8") }
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                if byte >= 0x80 { ascii = false }
                index += 1
            }
            var scalars = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    if !ascii {
                        guard let text = String(validating: scalars, as: UTF8.self) else { throw failure("invalid UTF-8") }
                        index += 1
                        return text
                    }
                    index += 1
                    return String(decoding: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw failure("unexpected end of JSON in a string") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append(0x22)
                    case UInt8(ascii: "\\"): scalars.append(0x5C)
                    case UInt8(ascii: "/"): scalars.append(0x2F)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            if (0xDC00..<0xE000).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            }
                        }
                        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                        scalars.append(contentsOf: Array(String(scalar).utf8))
                    default:
                        index -= 1
                        throw failure("invalid escape in a string")
                    }
                default:
                    guard byte >= 0x20 else { throw failure("control character in a string") }
                    if byte >= 0x80 { ascii = false }
                    scalars.append(byte)
                    index += 1
                }
            }
            throw failure("unexpected end of JSON in a string")
        }

        /// Skips plain ASCII string text (no quote, escape or control byte) eight bytes at a time;
        /// the last few bytes and whatever stopped it are left to the caller.
        mutating func skipPlainWords() {
            guard let base = bytes.baseAddress else { return }
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard !Self.mayStopString(word) else { return }
                index += 8
            }
        }

        /// Whether any of the eight bytes may end or interrupt the plain run of a string: a quote,
        /// a backslash, a control byte, or a byte above 0x7F (SWAR: bytewise tests on one word).
        @inline(__always)
        static func mayStopString(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let control = (word &- ones &* 0x20) & ~word & highs
            return hasZeroByte(quote) || hasZeroByte(backslash) || control != 0 || word & highs != 0
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count else { throw failure("expected four hex digits") }
            var code: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure("expected four hex digits")
                }
                code = code << 4 | UInt32(digit)
                index += 1
            }
            return code
        }

        mutating func number() throws(Failure) -> DecodedValue {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                throw failure("expected a digit")
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                let digitsStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > digitsStart else { throw failure("expected a digit after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let digitsStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > digitsStart else { throw failure("expected a digit in the exponent") }
            }
            // Integers of up to 18 digits are read straight from the bytes.
            if isInteger {
                let negative = bytes[start] == UInt8(ascii: "-")
                let digitsStart = negative ? start + 1 : start
                if index - digitsStart <= 18 {
                    var value = 0
                    for position in digitsStart..<index { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                    return .integer(negative ? -value : value)
                }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger, let integer = Int(text) { return .integer(integer) }
            guard let double = Double(text) else { throw failure("invalid number") }
            return .number(double)
        }
    }
}
