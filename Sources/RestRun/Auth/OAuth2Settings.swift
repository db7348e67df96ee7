/// What an `oauth2:` auth asks a token endpoint for (RFC 6749): the grant, the client and the
/// scope. Two requests with equal settings share one token for the run.
package struct OAuth2Settings: Sendable, Hashable {
    /// `client_credentials`, `password` or `refresh_token`.
    package enum Grant: String, Sendable, Hashable, CaseIterable {
        case clientCredentials = "client_credentials"
        case password
        case refreshToken = "refresh_token"
    }

    /// How the client authenticates to the token endpoint.
    package enum ClientAuthentication: String, Sendable, Hashable, CaseIterable {
        /// HTTP Basic with the client id and secret (RFC 6749, 2.3.1; the default).
        case basic
        /// `client_id` and `client_secret` in the form body.
        case body
    }

    package var tokenURL: String
    package var clientID: String
    package var clientSecret: String?
    package var scope: String?
    package var grant: Grant
    package var username: String?
    package var password: String?
    package var refreshToken: String?
    package var clientAuthentication: ClientAuthentication = .basic

    package init(tokenURL: String, clientID: String, clientSecret: String?, scope: String?, grant: Grant) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.grant = grant
    }

    /// The token request's form fields for `grant` (a refresh uses `refresh_token` instead).
    func formFields(refreshingWith refresh: String? = nil) -> [(String, String)] {
        var fields: [(String, String)]
        if let refresh {
            fields = [("grant_type", "refresh_token"), ("refresh_token", refresh)]
        } else {
            switch grant {
            case .clientCredentials: fields = [("grant_type", "client_credentials")]
            case .password: fields = [("grant_type", "password"), ("username", username ?? ""), ("password", password ?? "")]
            case .refreshToken: fields = [("grant_type", "refresh_token"), ("refresh_token", refreshToken ?? "")]
            }
        }
        if let scope, !scope.isEmpty { fields.append(("scope", scope)) }
        if clientAuthentication == .body {
            fields.append(("client_id", clientID))
            if let clientSecret { fields.append(("client_secret", clientSecret)) }
        }
        return fields
    }
}
