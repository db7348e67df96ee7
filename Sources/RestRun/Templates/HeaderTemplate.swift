/// A header as written in a file: a name and a value template, or no value to remove the header.
/// `auth:` becomes an `Authorization` header template too.
package struct HeaderTemplate: Sendable {
    /// The header's name.
    package var name: String
    /// The value, or `nil` when the file says `null` to remove a header set elsewhere.
    package var value: Template?
    /// Set instead of `value` for the `Authorization` header that `auth:` produces.
    package var auth: AuthTemplate?
    /// Where the header was written.
    package var location: SourceLocation?

    /// Creates a header template.
    package init(name: String, value: Template?, location: SourceLocation? = nil) {
        self.name = name
        self.value = value
        self.location = location
    }

    /// The `Authorization` header of an `auth:`.
    package init(auth: AuthTemplate, location: SourceLocation? = nil) {
        self.name = "Authorization"
        self.value = nil
        self.auth = auth
        self.location = location
    }

    /// Whether the header removes one set elsewhere (`null` in YAML).
    package var removes: Bool { value == nil && auth == nil }

    /// The value with templates resolved; `nil` for a removal, and for an `auth:` that acts
    /// while sending (see `requestAuth(in:)`).
    package func render(in scope: Scope) throws(Diagnostic) -> String? {
        if let auth { return try auth.headerValue(in: scope) }
        return try value?.render(in: scope)
    }

    /// The `auth:` that acts while sending (OAuth 2.0, SigV4, Digest), rendered; nil otherwise.
    package func requestAuth(in scope: Scope) throws(Diagnostic) -> RequestAuth? {
        try auth?.requestAuth(in: scope)
    }

    /// Calls `visit` with each template the value reads.
    package func forEachTemplate(_ visit: (Template) -> Void) {
        if let auth { auth.forEachTemplate(visit) } else if let value { visit(value) }
    }
}
