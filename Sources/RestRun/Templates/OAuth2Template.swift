/// `auth: {oauth2: {...}}` as written: each value a template.
package struct OAuth2Template: Sendable {
    package var tokenURL: Template
    package var clientID: Template
    package var clientSecret: Template?
    package var scope: Template?
    package var grant: OAuth2Settings.Grant
    package var username: Template?
    package var password: Template?
    package var refreshToken: Template?
    package var clientAuthentication: OAuth2Settings.ClientAuthentication

    /// The settings with every template rendered.
    func settings(in scope: Scope) throws(Diagnostic) -> OAuth2Settings {
        var settings = OAuth2Settings(
            tokenURL: try tokenURL.render(in: scope), clientID: try clientID.render(in: scope),
            clientSecret: try clientSecret?.render(in: scope), scope: try self.scope?.render(in: scope), grant: grant)
        settings.username = try username?.render(in: scope)
        settings.password = try password?.render(in: scope)
        settings.refreshToken = try refreshToken?.render(in: scope)
        settings.clientAuthentication = clientAuthentication
        return settings
    }

    func forEachTemplate(_ visit: (Template) -> Void) {
        for template in [tokenURL, clientID] { visit(template) }
        for template in [clientSecret, scope, username, password, refreshToken].compactMap({ $0 }) { visit(template) }
    }
}
