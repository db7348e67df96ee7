/// A header as written in a file: a name and a value template, or no value to remove the header.
public struct HeaderTemplate: Sendable {
    /// The header's name.
    public var name: String
    /// The value, or `nil` when the file says `null` to remove a header set elsewhere.
    public var value: Template?
    /// Where the header was written.
    public var location: SourceLocation?

    /// Creates a header template.
    public init(name: String, value: Template?, location: SourceLocation? = nil) {
        self.name = name
        self.value = value
        self.location = location
    }
}
