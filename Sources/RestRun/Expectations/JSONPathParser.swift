/// The recursive-descent parser behind `JSONPath.init`.
struct JSONPathParser {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) { characters = Array(text) }

    var isAtEnd: Bool { index >= characters.count }
    var peekText: String { isAtEnd ? "end" : Self.joined(characters[index...].prefix(8)) }

    func error(_ message: String) -> JSONPath.ParseError {
        JSONPath.ParseError(message: message, offset: min(index, characters.count))
    }

    /// Characters back into a string (`String(_:)` over a character sequence is much slower).
    private static func joined(_ characters: ArraySlice<Character>) -> String {
        var text = ""
        for character in characters { text.append(character) }
        return text
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func skipSpaces() {
        while let character = peek(), character == " " || character == "\t" || character == "\n" { index += 1 }
    }

    private mutating func consume(_ text: String) -> Bool {
        let expected = Array(text)
        guard index + expected.count <= characters.count, Array(characters[index..<index + expected.count]) == expected else { return false }
        index += expected.count
        return true
    }

    /// `$` (or `@`) followed by segments; stops at anything that cannot continue a path.
    mutating func parseQuery(root: Character) throws(JSONPath.ParseError) -> [JSONPath.Segment] {
        guard peek() == root else {
            throw error(root == "$" ? "a JSONPath starts with '$'" : "expected '\(root)'")
        }
        index += 1
        var segments: [JSONPath.Segment] = []
        while let character = peek() {
            if character == "." && peek(1) == "." {
                index += 2
                if peek() == "[" {
                    segments.append(.descendant(try bracketSelectors()))
                } else if peek() == "*" {
                    index += 1
                    segments.append(.descendant([.wildcard]))
                } else {
                    segments.append(.descendant([.name(try shorthandName())]))
                }
            } else if character == "." {
                index += 1
                if peek() == "*" {
                    index += 1
                    segments.append(.child([.wildcard]))
                } else {
                    segments.append(.child([.name(try shorthandName())]))
                }
            } else if character == "[" {
                segments.append(.child(try bracketSelectors()))
            } else {
                break
            }
        }
        return segments
    }

    private mutating func shorthandName() throws(JSONPath.ParseError) -> String {
        let start = index
        while let character = peek(), Self.continuesName(character, first: index == start) {
            index += 1
        }
        guard index > start else { throw error("expected a name after '.'") }
        return Self.joined(characters[start..<index])
    }

    /// Whether `character` can be part of a shorthand name (`$.name`): ASCII letters and `_`, digits
    /// and `-` after the first character, and any non-ASCII character but white space.
    private static func continuesName(_ character: Character, first: Bool) -> Bool {
        if let ascii = character.asciiValue {
            switch ascii {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): return true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): return !first
            default: return false
            }
        }
        return !character.isWhitespace
    }

    private mutating func bracketSelectors() throws(JSONPath.ParseError) -> [JSONPath.Selector] {
        index += 1
        var selectors: [JSONPath.Selector] = []
        while true {
            skipSpaces()
            selectors.append(try selector())
            skipSpaces()
            if consume(",") { continue }
            guard consume("]") else { throw error("expected ']'") }
            return selectors
        }
    }

    private mutating func selector() throws(JSONPath.ParseError) -> JSONPath.Selector {
        guard let character = peek() else { throw error("unexpected end of the path") }
        if character == "'" || character == "\"" { return .name(try stringLiteral()) }
        if character == "*" { index += 1; return .wildcard }
        if character == "?" {
            index += 1
            skipSpaces()
            return .filter(try orExpression())
        }
        if character == ":" || character == "-" || character.isNumber {
            let start = character == ":" ? nil : try integer()
            skipSpaces()
            guard consume(":") else {
                guard let start else { throw error("expected an index") }
                return .index(start)
            }
            skipSpaces()
            let end = (peek() == "-" || peek()?.isNumber == true) ? try integer() : nil
            skipSpaces()
            var step = 1
            if consume(":") {
                skipSpaces()
                if peek() == "-" || peek()?.isNumber == true { step = try integer() }
            }
            return .slice(start: start, end: end, step: step)
        }
        throw error("expected a name in quotes, an index, '*', a slice or a filter '?'")
    }

    private mutating func integer() throws(JSONPath.ParseError) -> Int {
        let start = index
        if peek() == "-" { index += 1 }
        while let character = peek(), character.isASCII, character.isNumber { index += 1 }
        guard let value = Int(Self.joined(characters[start..<index])) else { throw error("expected an integer") }
        // RFC 9535 keeps indexes within I-JSON's exact integers, which also keeps the arithmetic safe.
        guard abs(value) <= 9_007_199_254_740_991 else { throw error("index out of range") }
        return value
    }

    private mutating func stringLiteral() throws(JSONPath.ParseError) -> String {
        guard let quote = peek() else { throw error("expected a string") }
        index += 1
        var result = ""
        while let character = peek() {
            index += 1
            if character == quote { return result }
            if character == "\\" {
                guard let escaped = peek() else { break }
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "u":
                    let hex = Self.joined(characters[index..<min(index + 4, characters.count)])
                    guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw error("invalid \\u escape")
                    }
                    index += 4
                    result.unicodeScalars.append(scalar)
                default: result.append(escaped)
                }
            } else {
                result.append(character)
            }
        }
        throw error("unterminated string")
    }

    // MARK: Filters

    private mutating func orExpression() throws(JSONPath.ParseError) -> JSONPath.FilterExpression {
        var expression = try andExpression()
        while true {
            skipSpaces()
            guard consume("||") else { return expression }
            skipSpaces()
            expression = .or(expression, try andExpression())
        }
    }

    private mutating func andExpression() throws(JSONPath.ParseError) -> JSONPath.FilterExpression {
        var expression = try basicExpression()
        while true {
            skipSpaces()
            guard consume("&&") else { return expression }
            skipSpaces()
            expression = .and(expression, try basicExpression())
        }
    }

    private mutating func basicExpression() throws(JSONPath.ParseError) -> JSONPath.FilterExpression {
        skipSpaces()
        if peek() == "!" && peek(1) != "=" {
            index += 1
            skipSpaces()
            return .not(try basicExpression())
        }
        if consume("(") {
            let inner = try orExpression()
            skipSpaces()
            guard consume(")") else { throw error("expected ')'") }
            return inner
        }
        let lhs = try operand()
        skipSpaces()
        for op in ["==", "!=", "<=", ">=", "<", ">"] where consume(op) {
            skipSpaces()
            return .comparison(lhs, op, try operand())
        }
        if case .literal = lhs { throw error("a literal alone is not a test; compare it with ==, <, ...") }
        return .test(lhs)
    }

    private mutating func operand() throws(JSONPath.ParseError) -> JSONPath.FilterOperand {
        guard let character = peek() else { throw error("unexpected end of the filter") }
        switch character {
        case "@", "$":
            let segments = try parseQuery(root: character)
            return .query(relative: character == "@", JSONPath(segments: segments, source: String(character)))
        case "'", "\"":
            return .literal(.string(try stringLiteral()))
        case "-", "0"..."9":
            let start = index
            if peek() == "-" { index += 1 }
            while let next = peek(), next.isNumber || next == "." || next == "e" || next == "E" || ((next == "+" || next == "-") && (characters[index - 1] == "e" || characters[index - 1] == "E")) {
                index += 1
            }
            let text = Self.joined(characters[start..<index])
            if let integer = Int(text) { return .literal(.integer(integer)) }
            guard let double = Double(text) else { throw error("invalid number '\(text)'") }
            return .literal(.number(double))
        default:
            if consume("true") { return .literal(.bool(true)) }
            if consume("false") { return .literal(.bool(false)) }
            if consume("null") { return .literal(.null) }
            let start = index
            while let next = peek(), next.isLetter || next == "_" { index += 1 }
            let name = Self.joined(characters[start..<index])
            guard ["length", "count", "match", "search", "value"].contains(name) else {
                index = start
                throw error("expected '@', '$', a literal or a function (length, count, match, search, value)")
            }
            skipSpaces()
            guard consume("(") else { throw error("expected '(' after \(name)") }
            var arguments: [JSONPath.FilterOperand] = []
            skipSpaces()
            if !consume(")") {
                while true {
                    skipSpaces()
                    arguments.append(try operand())
                    skipSpaces()
                    if consume(",") { continue }
                    guard consume(")") else { throw error("expected ')' after the arguments of \(name)") }
                    break
                }
            }
            return .function(name, arguments)
        }
    }
}
