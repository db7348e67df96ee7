/// A header as written in a file: a name and a value template, or no value to remove the header.
/// `auth:` becomes an `Authorization` header template too.
public struct HeaderTemplate: Sendable {
    /// The header's name.
    public var name: String
    /// The value, or `nil` when the file says `null` to remove a header set elsewhere.
    public var value: Template?
    /// Set instead of `value` for the `Authorization` header that `auth:` produces.
    public var auth: AuthTemplate?
    /// Where the header was written.
    public var location: SourceLocation?

    /// Creates a header template.
    public init(name: String, value: Template?, location: SourceLocation? = nil) {
        self.name = name
        self.value = value
        self.location = location
    }

    /// The `Authorization` header of an `auth:`.
    public init(auth: AuthTemplate, location: SourceLocation? = nil) {
        self.name = "Authorization"
        self.value = nil
        self.auth = auth
        self.location = location
    }

    /// Whether the header removes one set elsewhere (`null` in YAML).
    public var removes: Bool { value == nil && auth == nil }

    /// The value with templates resolved; `nil` for a removal.
    public func render(in scope: Scope) throws(Diagnostic) -> String? {
        if let auth { return try auth.headerValue(in: scope) }
        return try value?.render(in: scope)
    }

    /// The templates the value reads.
    public var templates: [Template] { auth?.templates ?? value.map { [$0] } ?? [] }
}
