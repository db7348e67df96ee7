/// `auth:` at file or request level: HTTP Basic or a bearer token, sent as `Authorization`.
package enum AuthTemplate: Sendable {
    /// `auth: {basic: [user, password]}`
    case basic(user: Template, password: Template)
    /// `auth: {bearer: token}`
    case bearer(Template)

    /// The `Authorization` header value.
    package func headerValue(in scope: Scope) throws(Diagnostic) -> String {
        switch self {
        case let .basic(user, password):
            let credentials = try user.render(in: scope) + ":" + password.render(in: scope)
            return "Basic " + Base64.encode(Array(credentials.utf8))
        case let .bearer(token):
            return "Bearer " + (try token.render(in: scope))
        }
    }

    /// Calls `visit` with each template inside.
    package func forEachTemplate(_ visit: (Template) -> Void) {
        switch self {
        case let .basic(user, password):
            visit(user)
            visit(password)
        case let .bearer(token): visit(token)
        }
    }
}
