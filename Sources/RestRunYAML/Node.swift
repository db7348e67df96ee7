/// One node of a YAML document: a scalar, a mapping or a sequence, with the mark where it starts.
///
/// Equality compares content only; marks and tags are ignored.
package struct Node: Sendable, Equatable, CustomStringConvertible {
    /// What a node holds.
    package enum Content: Sendable {
        /// A scalar's text and how it was written.
        case scalar(String, ScalarStyle)
        /// Key-value pairs in source order; keys are unique.
        case mapping([Pair])
        /// Items in source order.
        case sequence([Node])
    }

    /// One entry of a mapping.
    package struct Pair: Sendable {
        /// The key node (usually a scalar).
        package var key: Node
        /// The value node.
        package var value: Node

        /// Creates an entry.
        package init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// The node's content.
    package var content: Content
    /// Where the node starts in the source.
    package var mark: Mark
    /// The explicit tag, resolved to its full form (`tag:yaml.org,2002:str` for `!!str`), if any.
    package var tag: String?

    /// Creates a node.
    package init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }

    /// The scalar's text, if this is a scalar.
    package var scalarText: String? {
        if case let .scalar(text, _) = content { return text }
        return nil
    }

    /// The scalar's style, if this is a scalar.
    package var scalarStyle: ScalarStyle? {
        if case let .scalar(_, style) = content { return style }
        return nil
    }

    /// The scalar resolved by the YAML 1.2 core schema, if this is a scalar.
    package var scalarValue: ScalarValue? {
        if case let .scalar(text, style) = content { return ScalarValue(resolving: text, style: style, tag: tag) }
        return nil
    }

    /// The entries, if this is a mapping.
    package var pairs: [Pair]? {
        if case let .mapping(pairs) = content { return pairs }
        return nil
    }

    /// The items, if this is a sequence.
    package var items: [Node]? {
        if case let .sequence(items) = content { return items }
        return nil
    }

    /// Whether this is a null scalar (`null`, `~` or empty).
    package var isNull: Bool {
        if case let .scalar(text, style) = content { return ScalarValue.isNull(text, style: style, tag: tag) }
        return false
    }

    /// The value for a scalar key in a mapping.
    package subscript(key: String) -> Node? {
        pairs?.first { $0.key.scalarText == key }?.value
    }

    /// A word for the kind of node, for error messages: "a mapping", "a list", "a string".
    package var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            switch scalarValue {
            case .null: return "null"
            case .bool: return "a boolean"
            case .integer: return "an integer"
            case .float: return "a number"
            default: return "a string"
            }
        }
    }

    /// A short YAML-like rendering, for tests and messages.
    package var description: String {
        switch content {
        case let .scalar(text, style): return style.isQuoted ? "\"\(text)\"" : text
        case let .sequence(items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case let .mapping(pairs):
            return "{" + pairs.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// Content equality; marks and tags are ignored.
    package static func == (lhs: Node, rhs: Node) -> Bool {
        switch (lhs.content, rhs.content) {
        case let (.scalar(a, styleA), .scalar(b, styleB)):
            return a == b && styleA.isQuoted == styleB.isQuoted
        case let (.sequence(a), .sequence(b)):
            return a == b
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default:
            return false
        }
    }
}
