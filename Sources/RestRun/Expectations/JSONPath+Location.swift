import OrderedCollections
extension JSONPath {
    /// One step from a node to one of its children: a member name or an array index.
    package enum LocationStep: Hashable, Sendable {
        /// A member of an object.
        case name(String)
        /// An item of an array (from 0).
        case index(Int)
    }

    /// Where each node the path selects from `root` is, as steps from the root (RFC 9535's
    /// normalized paths), in document order.
    package func locate(_ root: DecodedValue) -> [[LocationStep]] {
        var nodes: [(location: [LocationStep], value: DecodedValue)] = [([], root)]
        for segment in segments {
            var next: [(location: [LocationStep], value: DecodedValue)] = []
            switch segment {
            case let .child(selectors):
                for node in nodes {
                    for selector in selectors {
                        selector.visit(node.value, root: root) { step, child in next.append((node.location + [step], child)) }
                    }
                }
            case let .descendant(selectors):
                for node in nodes {
                    Self.visitDescendants(of: node.value, at: node.location) { location, descendant in
                        for selector in selectors {
                            selector.visit(descendant, root: root) { step, child in next.append((location + [step], child)) }
                        }
                    }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes.map(\.location)
    }

    /// The node itself, then its children's subtrees in order, each with where it is.
    private static func visitDescendants(
        of node: DecodedValue, at location: [LocationStep], _ body: ([LocationStep], DecodedValue) -> Void
    ) {
        body(location, node)
        switch node {
        case let .array(items):
            for (index, item) in items.enumerated() { visitDescendants(of: item, at: location + [.index(index)], body) }
        case let .object(members):
            for (name, value) in members { visitDescendants(of: value, at: location + [.name(name)], body) }
        default: break
        }
    }

    /// A location as people read it: `$.data[0].title`, with names that are not plain words in
    /// brackets as RFC 9535 writes them (`$['a b']`, `$['it\'s']`).
    package static func text(of location: [LocationStep]) -> String {
        var text = "$"
        for step in location {
            switch step {
            case let .index(index): text += "[\(index)]"
            case let .name(name) where isPlainWord(name): text += "." + name
            case let .name(name): text += "[" + quotedName(name) + "]"
            }
        }
        return text
    }

    /// Whether `name` can follow a dot in any JSONPath reader: an ASCII letter or `_`, then
    /// letters, digits and `_`.
    private static func isPlainWord(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// A name in single quotes, escaped as a normalized path escapes it (RFC 9535, 2.7).
    private static func quotedName(_ name: String) -> String {
        var text = "'"
        for scalar in name.unicodeScalars {
            switch scalar {
            case "'": text += "\\'"
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "'"
    }
}
