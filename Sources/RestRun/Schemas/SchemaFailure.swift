/// One way a value failed its schema: where in the value, which keyword, what it wanted, and
/// where that keyword's schema was written.
package struct SchemaFailure: Sendable, Equatable {
    /// The path to the failing value, as a normalized JSONPath: `$.data[2].attributes.name`.
    package var instancePath: String
    /// How deep the failing value is (0 for the whole value): deeper failures are more specific.
    package var depth: Int
    /// The keyword that failed: `type`, `required`, `minimum`, ...
    package var keyword: String
    /// What it wanted and what it found: `wanted a string, found null`.
    package var message: String
    /// Where the failing schema was written.
    package var schemaLocation: String

    /// `$.data[2].name: type: wanted a string, found null (schemas/article.yaml:14:9)`
    package var sentence: String {
        "\(instancePath): \(keyword): \(message) (schema at \(schemaLocation))"
    }
}

/// One step into a value: an object key or an array index.
enum SchemaPathStep: Sendable {
    case key(String)
    case index(Int)

    /// The steps as a normalized JSONPath; a very deep one keeps its first and last steps.
    static func render(_ steps: [SchemaPathStep]) -> String {
        guard steps.count <= 40 else {
            return renderAll(Array(steps.prefix(12))) + "…" + String(renderAll(Array(steps.suffix(12))).dropFirst())
        }
        return renderAll(steps)
    }

    private static func renderAll(_ steps: [SchemaPathStep]) -> String {
        var text = "$"
        for step in steps {
            switch step {
            case let .index(index): text += "[\(index)]"
            case let .key(key):
                if let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
                   key.unicodeScalars.allSatisfy({ $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }) {
                    text += "." + key
                } else {
                    text += "['" + key.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "']"
                }
            }
        }
        return text
    }
}

/// Whose value a schema checks, for OpenAPI's `readOnly` (a request need not send it) and
/// `writeOnly` (a response need not return it) properties.
package enum SchemaDirection: Sendable {
    /// Any value: `required` means required.
    case any
    /// A request body.
    case request
    /// A response body.
    case response
}
