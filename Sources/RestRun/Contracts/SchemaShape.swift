/// What a schema allows, gathered from its keywords for generating values: `$ref`s followed and
/// `allOf` merged, so that one value can meet every part at once. `anyOf` and `oneOf` stay as
/// groups of branches, one of which a value takes. Whatever is not gathered (`not`, `if`, ...)
/// is left to the validator, which every generated value passes before it is sent.
package struct SchemaShape {
    /// The types allowed; nil allows any.
    package var types: Set<String>?
    package var enumeration: [DecodedValue]?
    package var constant: DecodedValue?
    package var minimum: Double?
    package var exclusiveMinimum = false
    package var maximum: Double?
    package var exclusiveMaximum = false
    package var multipleOf: Double?
    package var minLength = 0
    package var maxLength: Int?
    package var patterns: [TextPattern] = []
    package var format: String?
    package var items: SchemaNode?
    package var prefixItems: [SchemaNode] = []
    package var minItems = 0
    package var maxItems: Int?
    package var uniqueItems = false
    package var properties: [(name: String, schema: SchemaNode)] = []
    package var required: [String] = []
    /// Properties a client does not send (`readOnly`).
    package var readOnly: Set<String> = []
    /// `additionalProperties: false` (or `unevaluatedProperties: false`).
    package var closed = false
    package var minProperties = 0
    package var maxProperties: Int?
    /// Each `anyOf` and `oneOf`: its branches.
    package var alternatives: [[SchemaNode]] = []
    /// The schema's own examples.
    package var examples: [DecodedValue] = []
    /// A `false` schema somewhere: nothing fits.
    package var impossible = false

    /// The shape of `node`; `depth` bounds the references followed.
    package init(_ node: SchemaNode, depth: Int = 0) {
        absorb(node, depth: depth)
    }

    package init() {}

    /// Adds `node`'s constraints to this shape.
    package mutating func absorb(_ node: SchemaNode, depth: Int) {
        guard depth < 16 else { return }
        if node.constant == false { impossible = true }
        if let example = node.example { examples.append(example) }
        for keyword in node.keywords {
            switch keyword {
            case let .reference(reference), let .dynamicReference(reference):
                if let target = reference.target { absorb(target, depth: depth + 1) }
            case let .type(names, nullable):
                var allowed = Set(names)
                if allowed.contains("number") { allowed.insert("integer") }
                if nullable { allowed.insert("null") }
                types = types.map { $0.intersection(allowed) } ?? allowed
            case let .enumeration(values):
                enumeration = enumeration.map { current in current.filter(values.contains) } ?? values
            case let .constant(value): constant = value
            case let .multipleOf(divisor): multipleOf = divisor
            case let .maximum(limit, exclusive):
                if maximum.map({ limit < $0 || (limit == $0 && exclusive) }) ?? true { maximum = limit; exclusiveMaximum = exclusive }
            case let .minimum(limit, exclusive):
                if minimum.map({ limit > $0 || (limit == $0 && exclusive) }) ?? true { minimum = limit; exclusiveMinimum = exclusive }
            case let .maxLength(limit): maxLength = min(maxLength ?? limit, limit)
            case let .minLength(limit): minLength = max(minLength, limit)
            case let .pattern(pattern): patterns.append(pattern)
            case let .format(name, _): format = format ?? name
            case let .maxItems(limit): maxItems = min(maxItems ?? limit, limit)
            case let .minItems(limit): minItems = max(minItems, limit)
            case .uniqueItems: uniqueItems = true
            case let .maxProperties(limit): maxProperties = min(maxProperties ?? limit, limit)
            case let .minProperties(limit): minProperties = max(minProperties, limit)
            case let .required(names, readOnly, _):
                for name in names where !required.contains(name) { required.append(name) }
                self.readOnly.formUnion(readOnly)
            case let .allOf(schemas):
                for schema in schemas { absorb(schema, depth: depth + 1) }
            case let .anyOf(schemas), let .oneOf(schemas):
                if !schemas.isEmpty { alternatives.append(schemas) }
            case let .items(prefix, rest, _):
                if !prefix.isEmpty { prefixItems = prefix }
                if let rest { items = rest }
            case let .members(declared, _, additional):
                for entry in declared.entries where !properties.contains(where: { $0.name == entry.name }) {
                    properties.append(entry)
                }
                if additional?.constant == false { closed = true }
            default:
                break
            }
        }
        if node.unevaluatedProperties?.constant == false { closed = true }
    }

    /// Formats of numbers, not strings.
    package static let numberFormats: Set<String> = ["int32", "int64", "float", "double"]

    /// The types a value may take, most specific first; every type when the schema says none.
    package var candidateTypes: [String] {
        if let types { return ["object", "array", "string", "integer", "number", "boolean", "null"].filter(types.contains) }
        if !properties.isEmpty || !required.isEmpty { return ["object"] }
        if items != nil || !prefixItems.isEmpty { return ["array"] }
        if minLength > 0 || maxLength != nil || !patterns.isEmpty || format.map({ !Self.numberFormats.contains($0) }) == true { return ["string"] }
        if minimum != nil || maximum != nil || multipleOf != nil { return ["number"] }
        return ["string", "integer", "object", "array", "boolean", "number", "null"]
    }
}
