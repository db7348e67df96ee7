/// One node of a YAML document: a scalar, a mapping or a sequence, with the mark where it starts.
///
/// A node is a place in its document's `NodeStorage`, where every node sits in a few flat arrays:
/// copying one costs a reference count, and a document is freed in a few steps rather than node by
/// node. Equality compares content only; marks and tags are ignored.
package struct Node: Sendable, Equatable, CustomStringConvertible {
    /// What a node holds.
    package enum Content {
        /// A scalar's text and how it was written.
        case scalar(String, ScalarStyle)
        /// Key-value pairs in source order; keys are unique.
        case mapping(Pairs)
        /// Items in source order.
        case sequence(Items)
    }

    /// One entry of a mapping.
    package struct Pair: Sendable {
        /// The key node (usually a scalar).
        package let key: Node
        /// The value node.
        package let value: Node

        /// Creates an entry.
        @inlinable
        package init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// A mapping's entries, in source order.
    package struct Pairs: RandomAccessCollection, Sendable {
        /// The document.
        package let storage: NodeStorage
        /// Where the children start in the document's `children`.
        package let start: Int
        /// The first position, 0.
        @inlinable package var startIndex: Int { 0 }
        /// How many there are (said directly: the protocol's default walks the indices).
        @inlinable package var count: Int { endIndex }
        /// Whether there are none.
        @inlinable package var isEmpty: Bool { endIndex == 0 }
        /// The number of entries.
        package let endIndex: Int

        /// The `endIndex` children of `storage` from `start`.
        @inlinable
        package init(storage: NodeStorage, start: Int, endIndex: Int) {
            self.storage = storage
            self.start = start
            self.endIndex = endIndex
        }

        /// Walks the entries in order (a concrete iterator, so that a `for` loop in another module
        /// calls no protocol witnesses).
        package struct Iterator: IteratorProtocol {
            @usableFromInline let base: Pairs
            @usableFromInline var position = 0

            @inlinable
            init(base: Pairs) {
                self.base = base
            }

            /// The next entry, if any.
            @inlinable
            package mutating func next() -> Pair? {
                guard position < base.endIndex else { return nil }
                position += 1
                return base[position - 1]
            }
        }

        /// An iterator over the entries.
        @inlinable
        package func makeIterator() -> Iterator { Iterator(base: self) }

        /// The entry at `position`.
        @inlinable package subscript(position: Int) -> Pair {
            let offset = start + 2 * position
            return Pair(key: Node(storage, Int(storage.table.children[offset])), value: Node(storage, Int(storage.table.children[offset + 1])))
        }
    }

    /// A list's items, in source order.
    ///
    /// The same shape as `Pairs` on purpose: one generic type for both was not specialised in the
    /// modules that read nodes (Benchmarks/RESULTS.md, S5).
    package struct Items: RandomAccessCollection, Sendable {
        /// The document.
        package let storage: NodeStorage
        /// Where the children start in the document's `children`.
        package let start: Int
        /// The first position, 0.
        @inlinable package var startIndex: Int { 0 }
        /// How many there are (said directly: the protocol's default walks the indices).
        @inlinable package var count: Int { endIndex }
        /// Whether there are none.
        @inlinable package var isEmpty: Bool { endIndex == 0 }
        /// The number of items.
        package let endIndex: Int

        /// The `endIndex` children of `storage` from `start`.
        @inlinable
        package init(storage: NodeStorage, start: Int, endIndex: Int) {
            self.storage = storage
            self.start = start
            self.endIndex = endIndex
        }

        /// Walks the items in order (a concrete iterator, so that a `for` loop in another module
        /// calls no protocol witnesses).
        package struct Iterator: IteratorProtocol {
            @usableFromInline let base: Items
            @usableFromInline var position = 0

            @inlinable
            init(base: Items) {
                self.base = base
            }

            /// The next item, if any.
            @inlinable
            package mutating func next() -> Node? {
                guard position < base.endIndex else { return nil }
                position += 1
                return base[position - 1]
            }
        }

        /// An iterator over the items.
        @inlinable
        package func makeIterator() -> Iterator { Iterator(base: self) }

        /// The item at `position`.
        @inlinable package subscript(position: Int) -> Node {
            Node(storage, Int(storage.table.children[start + position]))
        }
    }

    /// The document the node is part of.
    package let storage: NodeStorage
    /// The node's record in it.
    package let index: Int

    /// The node at `index` of `storage`.
    @inlinable
    package init(_ storage: NodeStorage, _ index: Int) {
        self.storage = storage
        self.index = index
    }

    /// A scalar node of its own (not part of a parsed document).
    package init(scalar text: String, style: ScalarStyle, mark: Mark, tag: String? = nil) {
        var table = NodeTable()
        table.texts = [text]
        if let tag { table.tags = [tag] }
        table.records = [NodeTable.Record(
            kind: .scalar, style: style, tag: tag == nil ? -1 : 0, line: Int32(clamping: mark.line),
            column: Int32(clamping: mark.column), start: 0, count: 0)]
        self.init(NodeStorage(table), 0)
    }

    /// The node's record.
    @inlinable package var record: NodeTable.Record { storage.table.records[index] }

    /// The node's content.
    @inlinable package var content: Content {
        let record = self.record
        switch record.kind {
        case .scalar: return .scalar(storage.table.texts[Int(record.start)], record.style)
        case .mapping: return .mapping(Pairs(storage: storage, start: Int(record.start), endIndex: Int(record.count)))
        case .sequence: return .sequence(Items(storage: storage, start: Int(record.start), endIndex: Int(record.count)))
        }
    }

    /// Where the node starts in the source.
    @inlinable package var mark: Mark {
        let record = self.record
        return Mark(line: Int(record.line), column: Int(record.column))
    }

    /// The explicit tag, resolved to its full form (`tag:yaml.org,2002:str` for `!!str`), if any.
    @inlinable package var tag: String? { storage.table.tag(index) }

    /// The scalar's text, if this is a scalar.
    @inlinable package var scalarText: String? {
        let record = self.record
        return record.kind == .scalar ? storage.table.texts[Int(record.start)] : nil
    }

    /// The scalar's style, if this is a scalar.
    @inlinable package var scalarStyle: ScalarStyle? {
        let record = self.record
        return record.kind == .scalar ? record.style : nil
    }

    /// The scalar resolved by the YAML 1.2 core schema, if this is a scalar.
    package var scalarValue: ScalarValue? {
        let record = self.record
        guard record.kind == .scalar else { return nil }
        return ScalarValue(resolving: storage.table.texts[Int(record.start)], style: record.style, tag: tag)
    }

    /// The entries, if this is a mapping.
    @inlinable package var pairs: Pairs? {
        let record = self.record
        return record.kind == .mapping ? Pairs(storage: storage, start: Int(record.start), endIndex: Int(record.count)) : nil
    }

    /// The items, if this is a sequence.
    @inlinable package var items: Items? {
        let record = self.record
        return record.kind == .sequence ? Items(storage: storage, start: Int(record.start), endIndex: Int(record.count)) : nil
    }

    /// Whether this is a null scalar (`null`, `~` or empty).
    package var isNull: Bool {
        let record = self.record
        guard record.kind == .scalar else { return false }
        return ScalarValue.isNull(storage.table.texts[Int(record.start)], style: record.style, tag: tag)
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
        if lhs.storage === rhs.storage { return lhs.storage.table.sameContent(lhs.index, rhs.index) }
        switch (lhs.content, rhs.content) {
        case let (.scalar(a, styleA), .scalar(b, styleB)):
            return a == b && styleA.isQuoted == styleB.isQuoted
        case let (.sequence(a), .sequence(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default:
            return false
        }
    }
}
