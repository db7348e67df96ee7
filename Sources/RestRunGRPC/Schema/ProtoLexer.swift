/// Splits a `.proto` file into tokens, skipping whitespace and comments, as the protobuf language
/// specification defines them.
struct ProtoLexer {
    private let bytes: [UInt8]
    private let file: String
    private var offset = 0
    private var line = 1
    private var column = 1

    /// A lexer of `bytes`, the contents of `file`.
    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Every token of the file, the last one `.end`.
    static func tokens(of bytes: [UInt8], file: String) throws(ProtoSyntaxError) -> [ProtoToken] {
        var lexer = ProtoLexer(bytes: bytes, file: file)
        var tokens: [ProtoToken] = []
        while true {
            let token = try lexer.next()
            // Adjacent string literals are one string.
            if token.kind == .string, let last = tokens.last, last.kind == .string {
                tokens[tokens.count - 1].bytes += token.bytes
                tokens[tokens.count - 1].text = String(decoding: tokens[tokens.count - 1].bytes, as: UTF8.self)
                continue
            }
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> ProtoSyntaxError {
        ProtoSyntaxError(file: file, line: line ?? self.line, column: column ?? self.column, message: message)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipSpaceAndComments() throws(ProtoSyntaxError) {
        while let byte = peek() {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                advance()
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                let (startLine, startColumn) = (line, column)
                advance()
                advance()
                while true {
                    guard let next = peek() else { throw error("this comment is never closed with */", line: startLine, column: startColumn) }
                    if next == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else if byte == 0xEF, peek(1) == 0xBB, peek(2) == 0xBF, offset == 0 {
                offset += 3
            } else {
                return
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    private mutating func next() throws(ProtoSyntaxError) -> ProtoToken {
        try skipSpaceAndComments()
        let (startLine, startColumn, start) = (line, column, offset)
        guard let byte = peek() else { return ProtoToken(kind: .end, text: "", line: line, column: column) }
        func token(_ kind: ProtoToken.Sort) -> ProtoToken {
            ProtoToken(kind: kind, text: String(decoding: bytes[start..<offset], as: UTF8.self), line: startLine, column: startColumn)
        }
        if Self.isLetter(byte) {
            while let next = peek(), Self.isLetter(next) || Self.isDigit(next) { advance() }
            return token(.identifier)
        }
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true) {
            return try number(start: start, line: startLine, column: startColumn)
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try string(quote: byte, line: startLine, column: startColumn)
        }
        if Array(";,={}[]()<>.-+:/".utf8).contains(byte) {
            advance()
            return token(.symbol)
        }
        let scalar = String(decoding: bytes[offset..<min(bytes.count, offset + 4)], as: UTF8.self).unicodeScalars.first.map { String($0) } ?? "?"
        throw error("unexpected character '\(scalar)'")
    }

    private mutating func number(start: Int, line startLine: Int, column startColumn: Int) throws(ProtoSyntaxError) -> ProtoToken {
        var isFloat = false
        if peek() == UInt8(ascii: "0"), peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X") {
            advance()
            advance()
            guard let first = peek(), Self.isHexDigit(first) else { throw error("a hexadecimal number needs digits after 0x", line: startLine, column: startColumn) }
            while let next = peek(), Self.isHexDigit(next) { advance() }
        } else {
            while let next = peek(), Self.isDigit(next) { advance() }
            if peek() == UInt8(ascii: ".") {
                isFloat = true
                advance()
                while let next = peek(), Self.isDigit(next) { advance() }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                isFloat = true
                advance()
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
                guard let digit = peek(), Self.isDigit(digit) else { throw error("an exponent needs digits", line: startLine, column: startColumn) }
                while let next = peek(), Self.isDigit(next) { advance() }
            }
        }
        if let next = peek(), Self.isLetter(next) {
            throw error("a number cannot run into a name: put a space between them", line: startLine, column: startColumn)
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        return ProtoToken(kind: isFloat ? .float : .integer, text: text, line: startLine, column: startColumn)
    }

    private mutating func string(quote: UInt8, line startLine: Int, column startColumn: Int) throws(ProtoSyntaxError) -> ProtoToken {
        advance()
        var value: [UInt8] = []
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                throw error("this string is never closed", line: startLine, column: startColumn)
            }
            if byte == quote {
                advance()
                break
            }
            guard byte == UInt8(ascii: "\\") else {
                value.append(byte)
                advance()
                continue
            }
            advance()
            guard let escape = peek() else { throw error("this string is never closed", line: startLine, column: startColumn) }
            switch escape {
            case UInt8(ascii: "a"): value.append(7); advance()
            case UInt8(ascii: "b"): value.append(8); advance()
            case UInt8(ascii: "f"): value.append(12); advance()
            case UInt8(ascii: "n"): value.append(10); advance()
            case UInt8(ascii: "r"): value.append(13); advance()
            case UInt8(ascii: "t"): value.append(9); advance()
            case UInt8(ascii: "v"): value.append(11); advance()
            case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "?"): value.append(escape); advance()
            case UInt8(ascii: "x"), UInt8(ascii: "X"):
                advance()
                var digits = 0
                var number = 0
                while digits < 2, let next = peek(), Self.isHexDigit(next) {
                    number = number * 16 + Int(Self.hexValue(next))
                    digits += 1
                    advance()
                }
                guard digits > 0 else { throw error("\\x needs a hexadecimal digit") }
                value.append(UInt8(number))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var digits = 0
                var number = 0
                while digits < 3, let next = peek(), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "7") {
                    number = number * 8 + Int(next - UInt8(ascii: "0"))
                    digits += 1
                    advance()
                }
                guard number <= 255 else { throw error("an octal escape is at most \\377") }
                value.append(UInt8(number))
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let count = escape == UInt8(ascii: "u") ? 4 : 8
                advance()
                var number: UInt32 = 0
                for _ in 0..<count {
                    guard let next = peek(), Self.isHexDigit(next) else { throw error("\\u needs \(count) hexadecimal digits") }
                    number = number * 16 + UInt32(Self.hexValue(next))
                    advance()
                }
                guard let scalar = Unicode.Scalar(number) else { throw error("\\u escapes a code point that is not a character") }
                value += Array(String(Character(scalar)).utf8)
            default:
                throw error("unknown escape \\\(String(decoding: [escape], as: UTF8.self))")
            }
        }
        return ProtoToken(kind: .string, text: String(decoding: value, as: UTF8.self), bytes: value, line: startLine, column: startColumn)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        if isDigit(byte) { return byte - UInt8(ascii: "0") }
        if byte >= UInt8(ascii: "a") { return byte - UInt8(ascii: "a") + 10 }
        return byte - UInt8(ascii: "A") + 10
    }
}
