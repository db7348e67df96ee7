package import RestRunYAML
import OrderedCollections

extension DecodedValue {
    /// A YAML node as a value: scalars by the YAML 1.2 core schema, mappings as objects in order.
    package init(node: Node) {
        switch node.content {
        case .scalar:
            switch node.scalarValue ?? .null {
            case .null: self = .null
            case let .bool(value): self = .bool(value)
            case let .integer(value): self = .integer(value)
            case let .float(value): self = .number(value)
            case let .string(text): self = .string(text)
            }
        case let .sequence(items):
            self = .array(items.map(DecodedValue.init(node:)))
        case let .mapping(pairs):
            var members = OrderedDictionary<String, DecodedValue>()
            for pair in pairs { members[pair.key.scalarText ?? pair.key.description] = DecodedValue(node: pair.value) }
            self = .object(members)
        }
    }
}
