package import RestRunYAML

/// A document that holds schemas: its value, the URI that `$ref`s resolve against, and, when it
/// was written in a file rest-run read, the line and column of every value in it by JSON pointer.
package struct SchemaDocument: Sendable {
    /// The base URI: `file:///abs/path.yaml` for a file.
    package var uri: SchemaURI
    /// The document's value.
    package var value: DecodedValue
    /// Where each value was written, by JSON pointer (`""` is the whole document).
    package var locations: [String: SourceLocation]
    /// The name messages use: the path as the user wrote it, or the URI.
    package var displayName: String

    /// A document from a value with no source positions.
    package init(uri: SchemaURI, value: DecodedValue, displayName: String? = nil) {
        self.uri = uri
        self.value = value
        self.locations = [:]
        self.displayName = displayName ?? uri.description
    }

    /// A document from a YAML node of a file read with `source`: every value keeps its position.
    package init(uri: SchemaURI, node: Node, source: SourceText) {
        self.uri = uri
        self.value = DecodedValue(node: node)
        self.displayName = source.path
        var locations: [String: SourceLocation] = [:]
        Self.record(node, pointer: "", source: source, into: &locations)
        self.locations = locations
    }

    private static func record(_ node: Node, pointer: String, source: SourceText, into locations: inout [String: SourceLocation]) {
        locations[pointer] = source.location(node.mark)
        switch node.content {
        case .scalar: break
        case let .sequence(items):
            for (index, item) in items.enumerated() { record(item, pointer: pointer + "/\(index)", source: source, into: &locations) }
        case let .mapping(pairs):
            for pair in pairs {
                let key = pair.key.scalarText ?? pair.key.description
                record(pair.value, pointer: pointer + "/" + JSONPointer.escape(key), source: source, into: &locations)
            }
        }
    }

    /// The value at `pointer` (RFC 6901), or nil when the pointer leads nowhere.
    package func value(at pointer: String) -> DecodedValue? {
        JSONPointer.resolve(pointer, in: value)
    }
}
