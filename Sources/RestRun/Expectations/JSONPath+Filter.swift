import OrderedCollections
extension JSONPath {
    /// A logical expression inside `[?...]`, already checked for RFC 9535's well-typedness rules.
    indirect enum FilterExpression: Sendable {
        /// `a || b`
        case or(FilterExpression, FilterExpression)
        /// `a && b`
        case and(FilterExpression, FilterExpression)
        /// `!a`
        case not(FilterExpression)
        /// `@.x` or `$.x` as a test: true when it selects at least one node.
        case exists(FilterQuery)
        /// A function whose result is logical (`match`, `search`).
        case function(FunctionCall)
        /// `a == b` and the other comparisons, between values.
        case comparison(FilterValue, ComparisonOperator, FilterValue)
    }

    /// A query inside a filter: relative to the current node (`@`) or to the root (`$`).
    struct FilterQuery: Sendable {
        /// `@...` when true, `$...` otherwise.
        var relative: Bool
        /// The query's segments.
        var path: JSONPath

        func select(current: DecodedValue, root: DecodedValue) -> [DecodedValue] {
            path.select(from: relative ? current : root, root: root)
        }
    }

    /// A comparable value: a literal, a singular query, or a function that returns a value.
    indirect enum FilterValue: Sendable {
        /// A number, string, `true`, `false` or `null`.
        case literal(DecodedValue)
        /// A singular query; selecting nothing gives no value.
        case query(FilterQuery)
        /// `length`, `count` or `value`.
        case function(FunctionCall)

        /// The value, or nil for RFC 9535's "Nothing".
        func evaluate(current: DecodedValue, root: DecodedValue) -> DecodedValue? {
            switch self {
            case let .literal(value): return value
            case let .query(query): return query.select(current: current, root: root).first
            case let .function(call): return call.value(current: current, root: root)
            }
        }
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
    enum ComparisonOperator: String, Sendable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"
    }

    /// The function extensions RFC 9535 defines, with their declared types.
    enum Function: String, Sendable {
        case length, count, match, search, value

        /// The type of each parameter.
        var parameters: [FunctionType] {
            switch self {
            case .length: [.value]
            case .count, .value: [.nodes]
            case .match, .search: [.value, .value]
            }
        }

        /// The type of the result.
        var result: FunctionType {
            switch self {
            case .length, .count, .value: .value
            case .match, .search: .logical
            }
        }
    }

    /// RFC 9535's three types of function parameters and results.
    enum FunctionType: Sendable {
        case value, logical, nodes
    }

    /// An argument, already converted to the type its parameter declares.
    indirect enum FunctionArgument: Sendable {
        case value(FilterValue)
        case logical(FilterExpression)
        case nodes(FilterQuery)
    }

    /// A well-typed call of one of the functions.
    struct FunctionCall: Sendable {
        var function: Function
        var arguments: [FunctionArgument]
        /// A `match`/`search` pattern written as a literal, compiled once when the path is parsed
        /// (nil inside when it is not an I-Regexp); patterns read from the document compile per use.
        private var literalPattern: (text: String, regexp: IRegexp?)?

        init(function: Function, arguments: [FunctionArgument]) {
            self.function = function
            self.arguments = arguments
            if function == .match || function == .search, arguments.count == 2,
               case let .value(.literal(.string(pattern))) = arguments[1] {
                literalPattern = (pattern, IRegexp(pattern))
            }
        }

        /// The result of `length`, `count` or `value`; nil for "Nothing".
        func value(current: DecodedValue, root: DecodedValue) -> DecodedValue? {
            switch function {
            case .length:
                switch argumentValue(0, current: current, root: root) {
                case let .string(text)?: return .integer(text.unicodeScalars.count)
                case let .array(items)?: return .integer(items.count)
                case let .object(members)?: return .integer(members.count)
                default: return nil
                }
            case .count:
                return .integer(argumentNodes(0, current: current, root: root).count)
            case .value:
                let nodes = argumentNodes(0, current: current, root: root)
                return nodes.count == 1 ? nodes[0] : nil
            case .match, .search:
                return nil
            }
        }

        /// The result of `match` or `search`: false unless both arguments are strings and the
        /// second is a valid I-Regexp (RFC 9485).
        func holds(current: DecodedValue, root: DecodedValue) -> Bool {
            guard function == .match || function == .search,
                  case let .string(text)? = argumentValue(0, current: current, root: root),
                  case let .string(pattern)? = argumentValue(1, current: current, root: root),
                  let regexp = literalPattern.map(\.regexp) ?? IRegexp(pattern)
            else { return false }
            return function == .match ? regexp.matchesWhole(text) : regexp.matchesSomewhere(text)
        }

        private func argumentValue(_ position: Int, current: DecodedValue, root: DecodedValue) -> DecodedValue? {
            guard arguments.indices.contains(position), case let .value(value) = arguments[position] else { return nil }
            return value.evaluate(current: current, root: root)
        }

        private func argumentNodes(_ position: Int, current: DecodedValue, root: DecodedValue) -> [DecodedValue] {
            guard arguments.indices.contains(position), case let .nodes(query) = arguments[position] else { return [] }
            return query.select(current: current, root: root)
        }
    }
}

extension JSONPath.FilterExpression {
    /// Whether the expression holds with `@` bound to `current`.
    func holds(current: DecodedValue, root: DecodedValue) -> Bool {
        switch self {
        case let .or(lhs, rhs): return lhs.holds(current: current, root: root) || rhs.holds(current: current, root: root)
        case let .and(lhs, rhs): return lhs.holds(current: current, root: root) && rhs.holds(current: current, root: root)
        case let .not(inner): return !inner.holds(current: current, root: root)
        case let .exists(query): return !query.select(current: current, root: root).isEmpty
        case let .function(call): return call.holds(current: current, root: root)
        case let .comparison(lhs, op, rhs):
            let a = lhs.evaluate(current: current, root: root)
            let b = rhs.evaluate(current: current, root: root)
            switch op {
            case .equal: return Self.equal(a, b)
            case .notEqual: return !Self.equal(a, b)
            case .less: return Self.less(a, b)
            case .greater: return Self.less(b, a)
            case .lessOrEqual: return Self.less(a, b) || Self.equal(a, b)
            case .greaterOrEqual: return Self.less(b, a) || Self.equal(a, b)
            }
        }
    }

    /// RFC 9535, 2.3.5.2.2: two Nothings are equal; strings compare by Unicode scalars, numbers
    /// by value, arrays and objects member by member.
    private static func equal(_ a: DecodedValue?, _ b: DecodedValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return same(a, b)
        default: return false
        }
    }

    private static func same(_ a: DecodedValue, _ b: DecodedValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.string(x), .string(y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case let (.object(x), .object(y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default:
            if let x = a.doubleValue, let y = b.doubleValue { return x == y }
            return false
        }
    }

    /// Numbers by value, strings by Unicode scalar values; anything else is never less.
    private static func less(_ a: DecodedValue?, _ b: DecodedValue?) -> Bool {
        switch (a, b) {
        case let (.integer(x)?, .integer(y)?): return x < y
        case let (.string(x)?, .string(y)?): return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
        default:
            if let x = a?.doubleValue, let y = b?.doubleValue { return x < y }
            return false
        }
    }
}
