/// One query item as written in a file: a name and a value template.
public struct QueryItemTemplate: Sendable {
    /// The item's name, sent percent-encoded.
    public var name: String
    /// The value.
    public var value: Template

    /// Creates a query item.
    public init(name: String, value: Template) {
        self.name = name
        self.value = value
    }
}
