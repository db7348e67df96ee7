/// An `auth:` that acts while a request is sent rather than as a fixed header: an OAuth 2.0
/// token fetched (and refreshed) for the run, an AWS Signature V4 over each attempt, or an answer
/// to a server's Digest challenge. Its secrets are rendered; `AuthDelegate` and `HeaderMerge`
/// apply it.
package enum RequestAuth: SendingAuth, Equatable {
    /// `auth: {oauth2: {...}}`
    case oauth2(OAuth2Settings)
    /// `auth: {aws_sigv4: {...}}`
    case awsSigV4(SigV4Signer)
    /// `auth: {digest: [user, password]}`
    case digest(user: String, password: String)

    /// The values it holds that must never be shown.
    var secrets: [String] {
        switch self {
        case let .oauth2(settings): [settings.clientSecret, settings.password, settings.refreshToken].compactMap { $0 }
        case let .awsSigV4(signer): [signer.secretKey, signer.sessionToken].compactMap { $0 }
        case let .digest(_, password): [password]
        }
    }

    /// The headers signed, for AWS SigV4; as they are for the others.
    package func signed(_ headers: Headers, for request: PreparedRequest) -> Headers {
        guard case let .awsSigV4(signer) = self else { return headers }
        return signer.sign(method: request.method.rawValue, url: request.url, headers: headers, body: request.body?.bytes ?? [])
    }
}
