/// A JSONPath query (RFC 9535): `$`, `.name`, `['name']`, `[0]`, `[-1]`, `[*]`, `[start:end:step]`,
/// `..name`, and filters such as `[?@.id == '4' && @.price < 10]` with `length()`, `count()`,
/// `match()`, `search()` and `value()`. Parsed once when the file loads.
///
/// As an extension, shorthand names may contain `-` (`$.data.card-artwork-url`).
public struct JSONPath: Sendable, CustomStringConvertible {
    /// A selector inside a segment.
    public indirect enum Selector: Sendable {
        /// `.name` or `['name']`
        case name(String)
        /// `[3]` or `[-1]`
        case index(Int)
        /// `*`
        case wildcard
        /// `[start:end:step]`
        case slice(start: Int?, end: Int?, step: Int)
        /// `[?expression]`
        case filter(FilterExpression)
    }

    /// A step of the query.
    public enum Segment: Sendable {
        /// Selects from the current nodes' children.
        case child([Selector])
        /// Selects from the current nodes and all their descendants (`..`).
        case descendant([Selector])
    }

    /// A filter expression, evaluated for each child with `@` bound to it.
    public indirect enum FilterExpression: Sendable {
        /// `a || b`
        case or(FilterExpression, FilterExpression)
        /// `a && b`
        case and(FilterExpression, FilterExpression)
        /// `!a`
        case not(FilterExpression)
        /// `@.x` or `$.x` as a test: true when it selects something; or a function returning a logical value.
        case test(FilterOperand)
        /// `a == b` and the other comparisons.
        case comparison(FilterOperand, String, FilterOperand)
    }

    /// Something compared inside a filter.
    public indirect enum FilterOperand: Sendable {
        /// A literal: number, string, `true`, `false`, `null`.
        case literal(DecodedValue)
        /// A query relative to the current node (`@`) or the root (`$`).
        case query(relative: Bool, JSONPath)
        /// `length(x)`, `count(x)`, `match(x, re)`, `search(x, re)`, `value(x)`.
        case function(String, [FilterOperand])
    }

    /// A path that could not be parsed, with the offset (in characters) of the problem.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What was wrong.
        public var message: String
        /// 0-based character offset in the path text.
        public var offset: Int
        /// The message.
        public var description: String { message }
    }

    /// The segments, in order.
    public let segments: [Segment]
    /// The text the path was parsed from.
    public let source: String

    /// Parses a JSONPath that starts with `$`.
    public init(_ text: String) throws(ParseError) {
        var parser = JSONPathParser(text)
        self.segments = try parser.parseQuery(root: "$")
        self.source = text
        guard parser.isAtEnd else { throw parser.error("unexpected '\(parser.peekText)'") }
    }

    init(segments: [Segment], source: String) {
        self.segments = segments
        self.source = source
    }

    /// The path as written.
    public var description: String { source }

    /// Whether the path can select at most one node (names and indexes only).
    public var isSingular: Bool {
        segments.allSatisfy { segment in
            guard case let .child(selectors) = segment, selectors.count == 1 else { return false }
            switch selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }

    /// The nodes the path selects from `root`, in document order.
    public func select(_ root: DecodedValue) -> [DecodedValue] {
        select(from: root, root: root)
    }

    func select(from start: DecodedValue, root: DecodedValue) -> [DecodedValue] {
        var nodes = [start]
        for segment in segments {
            var next: [DecodedValue] = []
            switch segment {
            case let .child(selectors):
                for node in nodes {
                    for selector in selectors { apply(selector, to: node, root: root, into: &next) }
                }
            case let .descendant(selectors):
                for node in nodes {
                    Self.visitDescendants(of: node) { descendant in
                        for selector in selectors { apply(selector, to: descendant, root: root, into: &next) }
                    }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    private static func visitDescendants(of node: DecodedValue, _ body: (DecodedValue) -> Void) {
        body(node)
        switch node {
        case let .array(items): for item in items { visitDescendants(of: item, body) }
        case let .object(members): for value in members.values { visitDescendants(of: value, body) }
        default: break
        }
    }

    private func apply(_ selector: Selector, to node: DecodedValue, root: DecodedValue, into result: inout [DecodedValue]) {
        switch selector {
        case let .name(name):
            if case let .object(members) = node, let value = members[name] { result.append(value) }
        case let .index(index):
            if case let .array(items) = node {
                let resolved = index < 0 ? items.count + index : index
                if items.indices.contains(resolved) { result.append(items[resolved]) }
            }
        case .wildcard:
            switch node {
            case let .array(items): result.append(contentsOf: items)
            case let .object(members): result.append(contentsOf: members.values)
            default: break
            }
        case let .slice(start, end, step):
            guard case let .array(items) = node, step != 0 else { return }
            let count = items.count
            func normalize(_ value: Int) -> Int { value >= 0 ? value : count + value }
            if step > 0 {
                let lower = min(max(normalize(start ?? 0), 0), count)
                let upper = min(max(normalize(end ?? count), 0), count)
                var index = lower
                while index < upper { result.append(items[index]); index += step }
            } else {
                let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
                let lower = min(max(normalize(end ?? -count - 1), -1), count - 1)
                var index = upper
                while lower < index { result.append(items[index]); index += step }
            }
        case let .filter(expression):
            let children: [DecodedValue]
            switch node {
            case let .array(items): children = items
            case let .object(members): children = Array(members.values)
            default: children = []
            }
            for child in children where expression.holds(current: child, root: root) { result.append(child) }
        }
    }
}
