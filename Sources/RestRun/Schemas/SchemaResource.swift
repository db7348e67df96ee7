/// A schema resource: a schema with its own `$id` (or a document's root), the base URI of every
/// reference inside it, the anchors it declares and the rules its schemas follow.
package final class SchemaResource: @unchecked Sendable {
    /// The resource's URI, without fragment.
    let uri: SchemaURI
    /// The document that holds it, and the pointer of its root there.
    let documentURI: SchemaURI
    let pointer: String
    /// The rules the resource's schemas follow.
    let rules: SchemaRules
    /// `$anchor` (and draft-07 `$id: "#name"`) names.
    var anchors: [String: SchemaNode] = [:]
    /// `$dynamicAnchor` names.
    var dynamicAnchors: [String: SchemaNode] = [:]
    /// The resource's root schema, once compiled.
    var root: SchemaNode?

    init(uri: SchemaURI, documentURI: SchemaURI, pointer: String, rules: SchemaRules) {
        self.uri = uri
        self.documentURI = documentURI
        self.pointer = pointer
        self.rules = rules
    }
}

/// What a schema's dialect and meta-schema turn on: the dialect's keywords, whether the
/// validation vocabulary is in force (a custom meta-schema may leave it out), and whether
/// `format` is asserted.
package struct SchemaRules: Sendable, Equatable {
    /// The dialect.
    package var dialect: SchemaDialect
    /// Whether `type`, `minimum`, `required` and the other validation keywords apply.
    package var validates = true
    /// Whether `format` fails a value that does not have the format.
    package var assertsFormats = false

    /// Rules for `dialect`.
    package init(dialect: SchemaDialect = .draft2020_12, assertsFormats: Bool = false) {
        self.dialect = dialect
        self.assertsFormats = assertsFormats
    }
}
