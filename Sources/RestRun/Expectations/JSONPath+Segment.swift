import OrderedCollections
extension JSONPath {
    /// A step of the query.
    enum Segment: Sendable {
        /// Selects from the current nodes' children (`.name`, `[...]`).
        case child([Selector])
        /// Selects from the current nodes and all their descendants (`..`).
        case descendant([Selector])
    }

    /// A selector inside a segment.
    enum Selector: Sendable {
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

        /// Appends what the selector selects from `node` (RFC 9535, 2.3).
        func apply(to node: DecodedValue, root: DecodedValue, into result: inout [DecodedValue]) {
            visit(node, root: root) { _, child in result.append(child) }
        }

        /// Calls `body` with each child of `node` the selector selects, and where it is in `node`.
        @inline(__always)
        func visit(_ node: DecodedValue, root: DecodedValue, _ body: (LocationStep, DecodedValue) -> Void) {
            switch self {
            case let .name(name):
                if case let .object(members) = node, let value = members[name] { body(.name(name), value) }
            case let .index(index):
                if case let .array(items) = node {
                    let resolved = index < 0 ? items.count + index : index
                    if items.indices.contains(resolved) { body(.index(resolved), items[resolved]) }
                }
            case .wildcard:
                switch node {
                case let .array(items): for (index, item) in items.enumerated() { body(.index(index), item) }
                case let .object(members): for (name, value) in members { body(.name(name), value) }
                default: break
                }
            case let .slice(start, end, step):
                guard case let .array(items) = node, step != 0 else { return }
                // Indexes are within ±(2^53 - 1), so none of this arithmetic can overflow.
                let count = items.count
                func normalize(_ value: Int) -> Int { value >= 0 ? value : count + value }
                if step > 0 {
                    let lower = min(max(normalize(start ?? 0), 0), count)
                    let upper = min(max(normalize(end ?? count), 0), count)
                    var index = lower
                    while index < upper { body(.index(index), items[index]); index += step }
                } else {
                    let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
                    let lower = min(max(normalize(end ?? -count - 1), -1), count - 1)
                    var index = upper
                    while lower < index { body(.index(index), items[index]); index += step }
                }
            case let .filter(expression):
                switch node {
                case let .array(items):
                    for (index, child) in items.enumerated() where expression.holds(current: child, root: root) { body(.index(index), child) }
                case let .object(members):
                    for (name, child) in members where expression.holds(current: child, root: root) { body(.name(name), child) }
                default: break
                }
            }
        }
    }
}
