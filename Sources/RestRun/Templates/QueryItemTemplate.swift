/// One query item as written in a file: a name and a value template.
package struct QueryItemTemplate: Sendable {
    /// The item's name, sent percent-encoded.
    package var name: String
    /// The value.
    package var value: Template

    /// Creates a query item.
    package init(name: String, value: Template) {
        self.name = name
        self.value = value
    }
}
