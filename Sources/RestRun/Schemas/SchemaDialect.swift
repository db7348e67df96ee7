/// Which JSON Schema rules a schema follows: draft 2020-12 (the default), draft-07 (or draft-06)
/// when its `$schema` says so, or the OpenAPI 3.0 schema object (draft-04-like, with `nullable`).
package enum SchemaDialect: Sendable, Equatable {
    /// JSON Schema draft 2020-12.
    case draft2020_12
    /// JSON Schema draft-07: `$ref` replaces its siblings, `items` may be an array,
    /// `additionalItems`, `dependencies`, `definitions`.
    case draft7
    /// OpenAPI 3.0's schema object: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    /// `$ref` replacing its siblings.
    case openAPI30

    /// The dialect a `$schema` URI names, or nil when it names none rest-run knows.
    package init?(metaSchema uri: String) {
        var text = uri
        if text.hasSuffix("#") { text.removeLast() }
        if text.hasPrefix("https://") { text = "http://" + text.dropFirst("https://".count) }
        switch text {
        case "http://json-schema.org/draft/2020-12/schema": self = .draft2020_12
        // draft-06's keywords are draft-07's but for `if`/`then`/`else` and a few annotations.
        case "http://json-schema.org/draft-07/schema", "http://json-schema.org/draft-06/schema": self = .draft7
        default: return nil
        }
    }

    /// Whether `$ref` makes the schema's other keywords be ignored.
    var refReplacesSiblings: Bool { self != .draft2020_12 }

    /// The keyword that holds reusable schemas.
    var definitionsKeyword: String { self == .draft2020_12 ? "$defs" : "definitions" }
}
