/// One compiled schema: a boolean schema, or the checks of a schema object in the order they run
/// (`unevaluatedItems` and `unevaluatedProperties` last, since they read what the others
/// evaluated). Nodes form a graph (`$ref` cycles included) built once by `SchemaCompiler` and only
/// read afterwards, so any number of validations may share it.
package final class SchemaNode: @unchecked Sendable {
    /// Where the schema was written.
    package let location: SchemaLocation
    /// The resource (the schema with the nearest `$id`, or the document root) this node belongs to.
    package var resource: SchemaResource
    /// `true` or `false` for a boolean schema.
    var constant: Bool?
    /// The checks, in order.
    var keywords: [SchemaKeyword] = []
    /// `unevaluatedProperties`, read after every other keyword.
    var unevaluatedProperties: SchemaNode?
    /// `unevaluatedItems`, read after every other keyword.
    var unevaluatedItems: SchemaNode?
    /// An example the schema gives (`example`, the first of `examples`, or `default`), for mocks.
    var example: DecodedValue?

    init(location: SchemaLocation, resource: SchemaResource) {
        self.location = location
        self.resource = resource
    }

    /// Whether this node reads the annotations its in-place subschemas produce.
    var readsAnnotations: Bool { unevaluatedProperties != nil || unevaluatedItems != nil }
}

/// A `$ref` or `$dynamicRef` whose target is filled in once every document is compiled.
final class SchemaReference: @unchecked Sendable {
    /// The reference as written, resolved against its base URI.
    let uri: SchemaURI
    /// Where it was written.
    let location: SchemaLocation
    /// The schema it points to.
    var target: SchemaNode?
    /// For `$dynamicRef`: the anchor name to look up in the dynamic scope, when the static target
    /// has a `$dynamicAnchor` of that name.
    var dynamicAnchor: String?
    /// The rules of the schema it was written in, for a document it loads that has no `$schema`.
    let rules: SchemaRules

    init(uri: SchemaURI, location: SchemaLocation, rules: SchemaRules) {
        self.uri = uri
        self.location = location
        self.rules = rules
    }
}

/// One check of a schema object.
indirect enum SchemaKeyword: Sendable {
    case reference(SchemaReference)
    case dynamicReference(SchemaReference)
    case type([String], nullable: Bool)
    case enumeration([DecodedValue])
    case constant(DecodedValue)
    case multipleOf(Double)
    case maximum(Double, exclusive: Bool)
    case minimum(Double, exclusive: Bool)
    case maxLength(Int)
    case minLength(Int)
    case pattern(TextPattern)
    case format(String, asserted: Bool)
    case maxItems(Int)
    case minItems(Int)
    case uniqueItems
    case maxProperties(Int)
    case minProperties(Int)
    /// `required`, with the names whose property is `readOnly` (not required of a request) and
    /// `writeOnly` (not required of a response), as OpenAPI says.
    case required([String], readOnly: Set<String>, writeOnly: Set<String>)
    case dependentRequired([(String, [String])])
    case allOf([SchemaNode])
    case anyOf([SchemaNode])
    case oneOf([SchemaNode])
    case not(SchemaNode)
    case conditional(if: SchemaNode, then: SchemaNode?, else: SchemaNode?)
    case dependentSchemas([(String, SchemaNode)])
    case items(prefix: [SchemaNode], rest: SchemaNode?, restKeyword: String)
    case contains(SchemaNode, minimum: Int, maximum: Int?)
    case members(properties: SchemaProperties, patterns: [(TextPattern, SchemaNode)], additional: SchemaNode?)
    case propertyNames(SchemaNode)
}

/// `properties`: looked up by a scan when there are few (most names are small strings, compared
/// in one step), by hash when there are many.
struct SchemaProperties: Sendable {
    /// The names and their schemas, in the schema's order.
    let entries: [(name: String, schema: SchemaNode)]
    private let index: [String: SchemaNode]?

    init(_ entries: [(String, SchemaNode)]) {
        var unique: [(name: String, schema: SchemaNode)] = []
        for (name, schema) in entries where !unique.contains(where: { $0.name == name }) { unique.append((name, schema)) }
        self.entries = unique
        index = unique.count > 16 ? Dictionary(unique.map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    /// The schema of property `name`, if the schema names it.
    subscript(name: String) -> SchemaNode? {
        if let index { return index[name] }
        // Names of another length differ: most are passed over without a string comparison.
        let length = name.utf8.count
        for entry in entries where entry.name.utf8.count == length && entry.name == name { return entry.schema }
        return nil
    }

    var isEmpty: Bool { entries.isEmpty }
}

/// Where a schema was written: its document, the JSON pointer in it, and the file position when
/// the document came from a file.
package struct SchemaLocation: Sendable, CustomStringConvertible {
    /// The document's name in messages (a path, or a URI).
    package var document: String
    /// The JSON pointer of the schema in the document.
    package var pointer: String
    /// The line and column, when known.
    package var source: SourceLocation?

    /// `schemas/article.yaml:14:9`, or `URI#/pointer` when the position is not known.
    package var description: String {
        if let source { return "\(source.file):\(source.line):\(source.column)" }
        return document + "#" + pointer
    }
}
