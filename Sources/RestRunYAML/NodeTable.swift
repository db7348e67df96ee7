/// The nodes of one document, flat: a record per node, the children of every mapping and list in
/// one array, and the scalars' texts in another. The parser appends to it; `NodeStorage` keeps
/// it once the document is read. A document costs a few arrays, not an allocation per node.
package struct NodeTable: Sendable {
    /// What a record describes.
    package enum NodeShape: UInt8, Sendable {
        /// A scalar.
        case scalar
        /// A mapping.
        case mapping
        /// A list.
        case sequence
    }

    /// One node.
    package struct Record: Sendable {
        /// Scalar, mapping or list.
        package var kind: NodeShape
        /// How a scalar was written (`.plain` for collections).
        package var style: ScalarStyle
        /// Index into `tags`, or -1 when the node has no explicit tag.
        package var tag: Int32
        /// Where the node starts (1-based; a line or column past `Int32.max` is kept at the maximum).
        package var line: Int32
        /// The 1-based column, in Unicode scalars.
        package var column: Int32
        /// A scalar's index into `texts`; a collection's first index into `children`.
        package var start: Int32
        /// A collection's count: entries for a mapping (each two children: key, value), items for a list.
        package var count: Int32
    }

    /// Every node, in the order its reading ended (children before their collection).
    package var records: [Record] = []
    /// Node indices: a mapping's keys and values alternate, a list's items follow each other.
    package var children: [Int32] = []
    /// The scalars' texts.
    package var texts: [String] = []
    /// The explicit tags, in full form.
    package var tags: [String] = []

    /// The explicit tag of a record, if any.
    package func tag(_ index: Int) -> String? {
        let tag = records[index].tag
        return tag < 0 ? nil : tags[Int(tag)]
    }

    /// Whether two records hold the same content (marks and tags ignored), as `Node`'s `==` says.
    func sameContent(_ lhs: Int, _ rhs: Int) -> Bool {
        let a = records[lhs]
        let b = records[rhs]
        guard a.kind == b.kind else { return false }
        switch a.kind {
        case .scalar:
            return a.style.isQuoted == b.style.isQuoted && texts[Int(a.start)] == texts[Int(b.start)]
        case .mapping, .sequence:
            guard a.count == b.count else { return false }
            let width = a.kind == .mapping ? 2 : 1
            for offset in 0..<(Int(a.count) * width) where !sameContent(Int(children[Int(a.start) + offset]), Int(children[Int(b.start) + offset])) {
                return false
            }
            return true
        }
    }
}
