extension JSONPath.FilterExpression {
    /// Whether the expression holds with `@` bound to `current`.
    func holds(current: DecodedValue, root: DecodedValue) -> Bool {
        switch self {
        case let .or(lhs, rhs): return lhs.holds(current: current, root: root) || rhs.holds(current: current, root: root)
        case let .and(lhs, rhs): return lhs.holds(current: current, root: root) && rhs.holds(current: current, root: root)
        case let .not(inner): return !inner.holds(current: current, root: root)
        case let .test(operand):
            switch operand.evaluate(current: current, root: root) {
            case let .nodes(nodes): return !nodes.isEmpty
            case let .logical(value): return value
            case .value, .nothing: return false
            }
        case let .comparison(lhs, op, rhs):
            let a = lhs.evaluate(current: current, root: root).single
            let b = rhs.evaluate(current: current, root: root).single
            switch op {
            case "==": return Self.equal(a, b)
            case "!=": return !Self.equal(a, b)
            case "<": return Self.less(a, b)
            case ">": return Self.less(b, a)
            case "<=": return Self.less(a, b) || Self.equal(a, b)
            case ">=": return Self.less(b, a) || Self.equal(a, b)
            default: return false
            }
        }
    }

    private static func equal(_ a: DecodedValue?, _ b: DecodedValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return a == b
        default: return false
        }
    }

    private static func less(_ a: DecodedValue?, _ b: DecodedValue?) -> Bool {
        if let x = a?.doubleValue, let y = b?.doubleValue { return x < y }
        if case let .string(x)? = a, case let .string(y)? = b { return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) }
        return false
    }
}

/// What a filter operand evaluates to.
enum FilterResult {
    case value(DecodedValue)
    case nothing
    case nodes([DecodedValue])
    case logical(Bool)

    /// The single value a comparison uses; nothing for empty or several nodes.
    var single: DecodedValue? {
        switch self {
        case let .value(value): return value
        case let .nodes(nodes): return nodes.count == 1 ? nodes[0] : nil
        case .nothing, .logical: return nil
        }
    }
}

extension JSONPath.FilterOperand {
    func evaluate(current: DecodedValue, root: DecodedValue) -> FilterResult {
        switch self {
        case let .literal(value):
            return .value(value)
        case let .query(relative, path):
            return .nodes(path.select(from: relative ? current : root, root: root))
        case let .function(name, arguments):
            let values = arguments.map { $0.evaluate(current: current, root: root) }
            switch name {
            case "length":
                switch values.first?.single {
                case let .string(text)?: return .value(.integer(text.unicodeScalars.count))
                case let .array(items)?: return .value(.integer(items.count))
                case let .object(members)?: return .value(.integer(members.count))
                default: return .nothing
                }
            case "count":
                if case let .nodes(nodes)? = values.first { return .value(.integer(nodes.count)) }
                return .nothing
            case "value":
                return values.first?.single.map(FilterResult.value) ?? .nothing
            case "match", "search":
                guard values.count == 2, case let .string(text)? = values[0].single,
                      case let .string(pattern)? = values[1].single,
                      let regex = try? Regex(pattern)
                else { return .logical(false) }
                if name == "match" { return .logical((try? regex.wholeMatch(in: text)) != nil) }
                return .logical((try? regex.firstMatch(in: text)) != nil)
            default:
                return .nothing
            }
        }
    }
}
