import OrderedCollections
/// A JSONPath query as RFC 9535 defines it: `$`, `.name`, `['name']`, `[0]`, `[-1]`, `[*]`,
/// `[start:end:step]`, `..name`, and filters such as `[?@.id == '4' && @.price < 10]` with the
/// functions `length()`, `count()`, `match()`, `search()` and `value()` (regular expressions as
/// I-Regexp, RFC 9485). Parsed and type-checked once, when the file loads.
///
/// As an extension, shorthand names may contain `-` after their first character
/// (`$.data.card-artwork-url`); in RFC 9535 such a query would be invalid, so the extension changes
/// the meaning of no valid query.
public struct JSONPath: Sendable, CustomStringConvertible {
    /// A path that could not be parsed, with the offset (in Unicode scalars) of the problem.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What was wrong.
        public var message: String
        /// 0-based offset in the path text, counted in Unicode scalars.
        public var offset: Int
        /// The message.
        public var description: String { message }
    }

    /// The segments, in order.
    let segments: [Segment]
    /// The text the path was parsed from.
    public let source: String

    /// Parses a JSONPath query (it starts with `$`); throws for anything RFC 9535 does not accept.
    public init(_ text: String) throws(ParseError) {
        var parser = JSONPathParser(text)
        self = try parser.parseWholeQuery()
    }

    init(segments: [Segment], source: String) {
        self.segments = segments
        self.source = source
    }

    /// The path as written.
    public var description: String { source }

    /// Whether the query is singular in RFC 9535's sense (names and indexes only, one per segment):
    /// it selects at most one node.
    public var isSingular: Bool {
        segments.allSatisfy { segment in
            guard case let .child(selectors) = segment, selectors.count == 1 else { return false }
            switch selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }

    /// The member names of a path made only of names (`$.data.id`: `data`, `id`), else nil.
    var memberNames: [String]? {
        var names: [String] = []
        names.reserveCapacity(segments.count)
        for segment in segments {
            guard case let .child(selectors) = segment, selectors.count == 1, case let .name(name) = selectors[0] else { return nil }
            names.append(name)
        }
        return names
    }

    /// For a singular path that starts with an index (`$[0].data`, `$[-1]`) over an array of
    /// `count` items: the item it names (nil when out of range) and the rest of the path.
    package func splitLeadingIndex(count: Int) -> (index: Int?, rest: JSONPath)? {
        guard isSingular, case let .child(selectors)? = segments.first, selectors.count == 1, case let .index(written) = selectors[0] else {
            return nil
        }
        let index = written < 0 ? count + written : written
        let rest = JSONPath(segments: Array(segments.dropFirst()), source: "$" + source.drop { $0 != "]" }.dropFirst())
        return ((0..<count).contains(index) ? index : nil, rest)
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
                    for selector in selectors { selector.apply(to: node, root: root, into: &next) }
                }
            case let .descendant(selectors):
                for node in nodes {
                    Self.visitDescendants(of: node) { descendant in
                        for selector in selectors { selector.apply(to: descendant, root: root, into: &next) }
                    }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    /// The node itself, then its children's subtrees in order (RFC 9535, 2.5.2.2).
    private static func visitDescendants(of node: DecodedValue, _ body: (DecodedValue) -> Void) {
        body(node)
        switch node {
        case let .array(items): for item in items { visitDescendants(of: item, body) }
        case let .object(members): for value in members.values { visitDescendants(of: value, body) }
        default: break
        }
    }
}
