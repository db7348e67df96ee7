import OrderedCollections

/// The building blocks of the editor schema (`rest-run schema`) that every part of it is written
/// with: the request file's own parts (`RequestFileSchema`), each kind's (its reader's
/// `editorSchema`) and the mock's routes file. A type that writes a part adopts it to name the
/// blocks unqualified.
package protocol EditorSchemaWriting {}

extension EditorSchemaWriting {
    /// A mapping with exactly `keys`, each described and typed; anything else is flagged.
    package static func object(
        keys: [String], descriptions: [String: String], types: [String: DecodedValue], extra: KeyValuePairs<String, DecodedValue>
    ) -> DecodedValue {
        var properties = OrderedDictionary<String, DecodedValue>()
        for key in keys {
            var property: OrderedDictionary<String, DecodedValue> = [:]
            if case let .object(members)? = types[key] { property = members }
            property["description"] = .string(descriptions[key] ?? "")
            properties[key] = .object(property)
        }
        var result = OrderedDictionary<String, DecodedValue>()
        // `$schema`, `$id` and the title first, as readers expect them.
        for (key, value) in extra where key.hasPrefix("$") && key != "$defs" || key == "title" || key == "description" { result[key] = value }
        result["type"] = .string("object")
        result["properties"] = .object(properties)
        for (key, value) in extra where result[key] == nil { result[key] = value }
        result["additionalProperties"] = .bool(false)
        return .object(result)
    }

    /// A string, with its description when given.
    package static func string(_ description: String?) -> DecodedValue {
        var members: OrderedDictionary<String, DecodedValue> = ["type": .string("string")]
        if let description { members["description"] = .string(description) }
        return .object(members)
    }

    /// A reference to one of the schema's `$defs`.
    package static func ref(_ name: String) -> DecodedValue { .object(["$ref": .string("#/$defs/" + name)]) }

    /// `true` or `false`.
    package static var boolean: DecodedValue { DecodedValue.object(["type": .string("boolean")]) }

    /// A list of strings.
    package static var stringList: DecodedValue { .object(["type": .string("array"), "items": .object(["type": .string("string")])]) }
}
