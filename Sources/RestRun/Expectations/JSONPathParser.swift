/// The recursive-descent parser behind `JSONPath.init`: RFC 9535's grammar (section 2 and its
/// collected ABNF in appendix A), then its well-typedness rules for filter expressions (2.4.3).
struct JSONPathParser {
    private let scalars: [Unicode.Scalar]
    /// The text as UTF-8, and where each scalar starts in it: slices become strings by decoding
    /// bytes, not by building them scalar by scalar.
    private let utf8: [UInt8]
    private let utf8Offsets: [Int]
    private var index = 0
    /// How deep filters, parentheses and function calls nest here.
    private var depth = 0

    /// The deepest nesting of filters, parentheses and function calls a path may have: deeper
    /// paths are refused, so that no path can exhaust the stack.
    static let maximumDepth = 64

    /// RFC 9535 keeps integers within I-JSON's exact range.
    static let largestInteger = 9_007_199_254_740_991

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        utf8 = Array(text.utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        utf8Offsets = offsets
    }

    /// The text of scalars `start..<end`.
    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: utf8[utf8Offsets[start]..<utf8Offsets[end]], as: UTF8.self)
    }

    private var isAtEnd: Bool { index >= scalars.count }

    private func error(_ message: String, at offset: Int? = nil) -> JSONPath.ParseError {
        JSONPath.ParseError(message: message, offset: min(offset ?? index, scalars.count))
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private func peekIs(_ character: Unicode.Scalar, _ offset: Int = 0) -> Bool { peek(offset) == character }

    /// RFC 9535's blank: space, tab, line feed and carriage return.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private mutating func skipBlanks() {
        while let scalar = peek(), Self.isBlank(scalar) { index += 1 }
    }

    private mutating func consume(_ literal: String) -> Bool {
        var offset = 0
        for scalar in literal.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        index += offset
        return true
    }

    /// What stands at the current position, for messages.
    private var found: String {
        guard let scalar = peek() else { return "the end of the path" }
        if Self.isBlank(scalar) { return "white space" }
        return "'\(Character(scalar))'"
    }

    // MARK: Queries

    /// The whole text as one query.
    mutating func parseWholeQuery() throws(JSONPath.ParseError) -> JSONPath {
        guard peekIs("$") else {
            throw error(peek().map(Self.isBlank) == true ? "a JSONPath starts with '$' (no white space before it)" : "a JSONPath starts with '$'")
        }
        let path = try parseQuery()
        guard isAtEnd else {
            if let scalar = peek(), Self.isBlank(scalar) { throw error("unexpected white space at the end of the path") }
            throw error("unexpected \(found)")
        }
        return path
    }

    /// `$` or `@` followed by segments. White space between segments is allowed; white space that
    /// no segment follows is left for the caller.
    private mutating func parseQuery() throws(JSONPath.ParseError) -> JSONPath {
        let start = index
        index += 1
        var segments: [JSONPath.Segment] = []
        while true {
            let beforeBlanks = index
            skipBlanks()
            if peekIs("."), peekIs(".", 1) {
                index += 2
                segments.append(.descendant(try descendantSelectors()))
            } else if peekIs(".") {
                index += 1
                if consume("*") {
                    segments.append(.child([.wildcard]))
                } else {
                    segments.append(.child([.name(try shorthandName(after: "."))]))
                }
            } else if peekIs("[") {
                segments.append(.child(try bracketedSelection()))
            } else {
                index = beforeBlanks
                break
            }
        }
        return JSONPath(segments: segments, source: text(start, index))
    }

    private mutating func descendantSelectors() throws(JSONPath.ParseError) -> [JSONPath.Selector] {
        if peekIs("[") { return try bracketedSelection() }
        if consume("*") { return [.wildcard] }
        return [.name(try shorthandName(after: ".."))]
    }

    /// `name-first *name-char`, plus the `-` extension after the first character.
    private mutating func shorthandName(after prefix: String) throws(JSONPath.ParseError) -> String {
        let start = index
        while let scalar = peek(), Self.continuesName(scalar, first: index == start) { index += 1 }
        guard index > start else {
            if let scalar = peek(), scalar.properties.numericType != nil || ("0"..."9").contains(scalar) {
                throw error("a name after '\(prefix)' cannot start with a digit; write [\(Character(scalar))...] for an index or ['...'] for such a name")
            }
            throw error("expected a name or '*' after '\(prefix)', found \(found)")
        }
        return text(start, index)
    }

    private static func continuesName(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: return true
        case 0x30...0x39, 0x2D: return !first
        default: return false
        }
    }

    /// `[` selector *(`,` selector) `]`, with white space around each selector.
    private mutating func bracketedSelection() throws(JSONPath.ParseError) -> [JSONPath.Selector] {
        index += 1
        var selectors: [JSONPath.Selector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            if consume(",") { continue }
            guard consume("]") else {
                throw error(isAtEnd ? "unexpected end of the path; expected ']'" : "expected ',' or ']', found \(found)")
            }
            return selectors
        }
    }

    private mutating func selector() throws(JSONPath.ParseError) -> JSONPath.Selector {
        guard let scalar = peek() else { throw error("unexpected end of the path") }
        switch scalar {
        case "'", "\"":
            return .name(try stringLiteral())
        case "*":
            index += 1
            return .wildcard
        case "?":
            index += 1
            skipBlanks()
            return .filter(try logical(try orExpression()))
        case ":", "-", "0"..."9":
            let start = scalar == ":" ? nil : try integer()
            let afterStart = index
            skipBlanks()
            guard consume(":") else {
                index = afterStart
                guard let start else { throw error("expected an index") }
                return .index(start)
            }
            skipBlanks()
            let end = startsInteger ? try integer() : nil
            skipBlanks()
            var step = 1
            if consume(":") {
                skipBlanks()
                if startsInteger { step = try integer() }
            }
            return .slice(start: start, end: end, step: step)
        case "]":
            throw error("empty brackets: expected a name in quotes, an index, '*', a slice or a filter '?'")
        default:
            throw error("expected a name in quotes, an index, '*', a slice or a filter '?', found \(found)")
        }
    }

    private var startsInteger: Bool {
        guard let scalar = peek() else { return false }
        return scalar == "-" || ("0"..."9").contains(scalar)
    }

    /// `0` or `-`? followed by a digit 1-9 and more digits, within ±(2^53 - 1).
    private mutating func integer() throws(JSONPath.ParseError) -> Int {
        let start = index
        let negative = consume("-")
        let digitsStart = index
        var value = 0
        while let scalar = peek(), ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 0x30)
            index += 1
            guard value <= Self.largestInteger else {
                throw error("index out of range: integers are limited to ±(2^53-1)", at: start)
            }
        }
        guard index > digitsStart else { throw error("expected an integer", at: start) }
        if scalars[digitsStart] == "0" && (index - digitsStart > 1 || negative) {
            throw error(negative ? "'-0' is not an index" : "an integer cannot have leading zeros", at: start)
        }
        return negative ? -value : value
    }

    // MARK: String literals

    /// A quoted string, with RFC 9535's escapes; raw control characters and unknown escapes are
    /// errors.
    private mutating func stringLiteral() throws(JSONPath.ParseError) -> String {
        let start = index
        guard let quote = peek() else { throw error("expected a string") }
        index += 1
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            index += 1
            if scalar == quote { return String(result) }
            if scalar.value < 0x20 {
                throw error("a control character (U+\(Self.hex(scalar.value))) must be escaped in a string", at: index - 1)
            }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard let escaped = peek() else { break }
            index += 1
            switch escaped {
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "/": result.append("/")
            case "\\": result.append("\\")
            case "'" where quote == "'", "\"" where quote == "\"": result.append(escaped)
            case "u": result.append(try unicodeEscape())
            default:
                throw error("invalid escape '\\\(Character(escaped))' in a string", at: index - 2)
            }
        }
        throw error("unterminated string", at: start)
    }

    /// The four hex digits after `\u`, and a second `\uXXXX` for a surrogate pair.
    private mutating func unicodeEscape() throws(JSONPath.ParseError) -> Unicode.Scalar {
        let start = index - 2
        let first = try hexQuad(start: start)
        switch first {
        case 0xD800...0xDBFF:
            guard consume("\\u") else { throw error("a high surrogate escape must be followed by a low surrogate escape", at: start) }
            let second = try hexQuad(start: start)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error("a high surrogate escape must be followed by a low surrogate escape", at: start)
            }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { throw error("invalid \\u escape", at: start) }
            return scalar
        case 0xDC00...0xDFFF:
            throw error("a low surrogate escape without a high surrogate before it", at: start)
        default:
            guard let scalar = Unicode.Scalar(first) else { throw error("invalid \\u escape", at: start) }
            return scalar
        }
    }

    private mutating func hexQuad(start: Int) throws(JSONPath.ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek(), let digit = Self.hexDigit(scalar) else {
                throw error("invalid \\u escape: expected four hex digits", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Filter expressions, before type checking

    /// A filter expression as written, before its types are checked.
    private indirect enum Raw {
        case literal(DecodedValue, at: Int)
        case query(JSONPath.FilterQuery, at: Int)
        case call(JSONPath.Function, [Raw], at: Int)
        case comparison(Raw, JSONPath.ComparisonOperator, Raw)
        case not(Raw)
        case and(Raw, Raw)
        case or(Raw, Raw)
        case parenthesized(Raw, at: Int)

        var offset: Int {
            switch self {
            case let .literal(_, at), let .query(_, at), let .call(_, _, at), let .parenthesized(_, at): at
            case let .comparison(lhs, _, _), let .and(lhs, _), let .or(lhs, _): lhs.offset
            case let .not(inner): inner.offset - 1
            }
        }
    }

    private mutating func orExpression() throws(JSONPath.ParseError) -> Raw {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw error("the filter nests deeper than \(Self.maximumDepth) levels")
        }
        var expression = try andExpression()
        while true {
            let before = index
            skipBlanks()
            guard consume("||") else { index = before; return expression }
            skipBlanks()
            expression = .or(expression, try andExpression())
        }
    }

    private mutating func andExpression() throws(JSONPath.ParseError) -> Raw {
        var expression = try basicExpression()
        while true {
            let before = index
            skipBlanks()
            guard consume("&&") else { index = before; return expression }
            skipBlanks()
            expression = .and(expression, try basicExpression())
        }
    }

    /// A parenthesized expression, a test or a comparison, optionally negated with `!`.
    private mutating func basicExpression() throws(JSONPath.ParseError) -> Raw {
        if peekIs("!") && !peekIs("=", 1) {
            index += 1
            skipBlanks()
            if peekIs("(") { return .not(try parenthesized()) }
            let start = index
            let operand = try primary()
            switch operand {
            case .query, .call: return .not(operand)
            default: throw error("'!' applies to a query, a function or a parenthesized expression", at: start)
            }
        }
        if peekIs("(") { return try parenthesized() }
        let lhs = try primary()
        let before = index
        skipBlanks()
        guard let op = comparisonOperator() else {
            index = before
            return lhs
        }
        skipBlanks()
        guard !peekIs("(") && !peekIs("!") else {
            throw error("expected a literal, a singular query or a function after '\(op.rawValue)'")
        }
        return .comparison(lhs, op, try primary())
    }

    private mutating func comparisonOperator() -> JSONPath.ComparisonOperator? {
        for op in JSONPath.ComparisonOperator.allCases where consume(op.rawValue) { return op }
        return nil
    }

    private mutating func parenthesized() throws(JSONPath.ParseError) -> Raw {
        let start = index
        index += 1
        skipBlanks()
        let inner = try orExpression()
        skipBlanks()
        guard consume(")") else { throw error("expected ')', found \(found)") }
        return .parenthesized(inner, at: start)
    }

    /// A literal, a query, or a function call.
    private mutating func primary() throws(JSONPath.ParseError) -> Raw {
        let start = index
        guard let scalar = peek() else { throw error("unexpected end of the filter") }
        switch scalar {
        case "@", "$":
            let path = try parseQuery()
            return .query(JSONPath.FilterQuery(relative: scalar == "@", path: path), at: start)
        case "'", "\"":
            return .literal(.string(try stringLiteral()), at: start)
        case "-", "0"..."9":
            return .literal(try number(), at: start)
        case "a"..."z":
            for (word, value) in [("true", DecodedValue.bool(true)), ("false", .bool(false)), ("null", .null)] where consume(word) {
                if let next = peek(), Self.isFunctionNameCharacter(next) { index = start; break }
                return .literal(value, at: start)
            }
            return try functionCall()
        default:
            throw error("expected '@', '$', a literal or a function (length, count, match, search, value), found \(found)")
        }
    }

    /// `(int / "-0") [ "." 1*DIGIT ] [ ("e" / "E") [ "+" / "-" ] 1*DIGIT ]`
    private mutating func number() throws(JSONPath.ParseError) -> DecodedValue {
        let start = index
        _ = consume("-")
        let digitsStart = index
        while let scalar = peek(), ("0"..."9").contains(scalar) { index += 1 }
        guard index > digitsStart else { throw error("invalid number", at: start) }
        if scalars[digitsStart] == "0" && index - digitsStart > 1 { throw error("a number cannot have leading zeros", at: start) }
        var isInteger = true
        if peekIs(".") {
            index += 1
            let fractionStart = index
            while let scalar = peek(), ("0"..."9").contains(scalar) { index += 1 }
            guard index > fractionStart else { throw error("expected digits after '.' in a number", at: start) }
            isInteger = false
        }
        if peekIs("e") || peekIs("E") {
            index += 1
            if peekIs("+") || peekIs("-") { index += 1 }
            let exponentStart = index
            while let scalar = peek(), ("0"..."9").contains(scalar) { index += 1 }
            guard index > exponentStart else { throw error("expected digits in the exponent of a number", at: start) }
            isInteger = false
        }
        let literal = text(start, index)
        if isInteger, let value = Int(literal) { return .integer(value) }
        guard let value = Double(literal), value.isFinite else { throw error("number out of range", at: start) }
        return .number(value)
    }

    private static func isFunctionNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// `name(` arguments `)`; the name must be one of RFC 9535's functions and `(` follow it directly.
    private mutating func functionCall() throws(JSONPath.ParseError) -> Raw {
        let start = index
        while let scalar = peek(), Self.isFunctionNameCharacter(scalar) { index += 1 }
        let name = text(start, index)
        guard let function = JSONPath.Function(rawValue: name) else {
            throw error("unknown function '\(name)' (the functions are length, count, match, search and value)", at: start)
        }
        guard consume("(") else {
            throw error("expected '(' right after \(name)\(peek().map(Self.isBlank) == true ? " (no white space before it)" : "")")
        }
        var arguments: [Raw] = []
        skipBlanks()
        if !consume(")") {
            while true {
                skipBlanks()
                arguments.append(try orExpression())
                skipBlanks()
                if consume(",") { continue }
                guard consume(")") else { throw error("expected ',' or ')' in the arguments of \(name)(), found \(found)") }
                break
            }
        }
        return .call(function, arguments, at: start)
    }

    // MARK: Well-typedness (RFC 9535, 2.4.3)

    /// The expression as a logical test.
    private func logical(_ raw: Raw) throws(JSONPath.ParseError) -> JSONPath.FilterExpression {
        switch raw {
        case let .or(lhs, rhs): return .or(try logical(lhs), try logical(rhs))
        case let .and(lhs, rhs): return .and(try logical(lhs), try logical(rhs))
        case let .not(inner): return .not(try logical(inner))
        case let .parenthesized(inner, _): return try logical(inner)
        case let .query(query, _): return .exists(query)
        case let .comparison(lhs, op, rhs): return .comparison(try comparable(lhs), op, try comparable(rhs))
        case let .call(function, arguments, at):
            let call = try typedCall(function, arguments, at: at)
            guard function.result != .value else {
                throw error("\(function.rawValue)() gives a value, not a test: compare it (for example \(function.rawValue)(...) > 0)", at: at)
            }
            return .function(call)
        case let .literal(_, at):
            throw error("a literal alone is not a test; compare it with ==, <, ...", at: at)
        }
    }

    /// The expression as one side of a comparison.
    private func comparable(_ raw: Raw) throws(JSONPath.ParseError) -> JSONPath.FilterValue {
        switch raw {
        case let .literal(value, _): return .literal(value)
        case let .query(query, at):
            guard query.path.isSingular else {
                throw error("'\(query.path.source)' can select several nodes, so it cannot be compared; use a singular query (names and indexes only)", at: at)
            }
            return .query(query)
        case let .call(function, arguments, at):
            let call = try typedCall(function, arguments, at: at)
            guard function.result == .value else {
                throw error("\(function.rawValue)() gives a test result, which cannot be compared; use it alone", at: at)
            }
            return .function(call)
        default:
            throw error("only literals, singular queries and functions can be compared", at: raw.offset)
        }
    }

    private func typedCall(_ function: JSONPath.Function, _ arguments: [Raw], at offset: Int) throws(JSONPath.ParseError) -> JSONPath.FunctionCall {
        let parameters = function.parameters
        guard arguments.count == parameters.count else {
            throw error("\(function.rawValue)() takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), not \(arguments.count)", at: offset)
        }
        var typed: [JSONPath.FunctionArgument] = []
        for (argument, parameter) in zip(arguments, parameters) {
            typed.append(try self.argument(argument, as: parameter, of: function))
        }
        return JSONPath.FunctionCall(function: function, arguments: typed)
    }

    private func argument(_ raw: Raw, as type: JSONPath.FunctionType, of function: JSONPath.Function) throws(JSONPath.ParseError) -> JSONPath.FunctionArgument {
        switch type {
        case .value:
            switch raw {
            case .literal, .query, .call: return .value(try comparable(raw))
            default: throw error("\(function.rawValue)() takes a value here: a literal, a singular query or a function", at: raw.offset)
            }
        case .logical:
            return .logical(try logical(raw))
        case .nodes:
            guard case let .query(query, _) = raw else {
                throw error("\(function.rawValue)() takes a query (such as @.items[*])", at: raw.offset)
            }
            return .nodes(query)
        }
    }
}
