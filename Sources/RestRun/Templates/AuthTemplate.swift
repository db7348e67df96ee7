/// `auth:` at file or request level: HTTP Basic or a bearer token, sent as `Authorization`; or
/// one that acts while the request is sent (OAuth 2.0, AWS Signature V4, Digest), rendered into a
/// `RequestAuth`.
package enum AuthTemplate: Sendable {
    /// `auth: {basic: [user, password]}`
    case basic(user: Template, password: Template)
    /// `auth: {bearer: token}`
    case bearer(Template)
    /// `auth: {oauth2: {token_url, client_id, client_secret, scope, grant, ...}}`
    case oauth2(OAuth2Template)
    /// `auth: {aws_sigv4: {region, service, access_key, secret_key, session_token}}`
    case awsSigV4(SigV4Template)
    /// `auth: {digest: [user, password]}`
    case digest(user: Template, password: Template)

    /// The `Authorization` header value; nil for an auth that acts while sending.
    package func headerValue(in scope: Scope) throws(Diagnostic) -> String? {
        switch self {
        case let .basic(user, password):
            let credentials = try user.render(in: scope) + ":" + password.render(in: scope)
            return "Basic " + Base64.encode(Array(credentials.utf8))
        case let .bearer(token):
            return "Bearer " + (try token.render(in: scope))
        case .oauth2, .awsSigV4, .digest:
            return nil
        }
    }

    /// The auth that acts while sending, rendered; nil for Basic and bearer.
    package func requestAuth(in scope: Scope) throws(Diagnostic) -> RequestAuth? {
        switch self {
        case .basic, .bearer:
            return nil
        case let .oauth2(template):
            return .oauth2(try template.settings(in: scope))
        case let .awsSigV4(template):
            return .awsSigV4(try template.signer(in: scope))
        case let .digest(user, password):
            return .digest(user: try user.render(in: scope), password: try password.render(in: scope))
        }
    }

    /// Calls `visit` with each template inside.
    package func forEachTemplate(_ visit: (Template) -> Void) {
        switch self {
        case let .basic(user, password), let .digest(user, password):
            visit(user)
            visit(password)
        case let .bearer(token): visit(token)
        case let .oauth2(template): template.forEachTemplate(visit)
        case let .awsSigV4(template): template.forEachTemplate(visit)
        }
    }
}
