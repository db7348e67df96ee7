import OrderedCollections
/// The OAuth 2.0 tokens of one run: fetched once for each set of settings and shared by every
/// request that names them (requests waiting on the same fetch wait together), refreshed before
/// they expire, and dropped after a 401 so that the next attempt fetches a new one.
package actor OAuth2Tokens {
    private struct Token {
        var value: String
        var refreshToken: String?
        /// When it must no longer be sent (nil: the endpoint gave no lifetime).
        var expires: ContinuousClock.Instant?
    }

    private var tokens: [OAuth2Settings: Token] = [:]
    private var fetching: [OAuth2Settings: Task<Token, any Error>] = [:]
    private let redactor: Redactor

    /// Tokens whose values `redactor` learns as they come.
    package init(redactor: Redactor) {
        self.redactor = redactor
    }

    /// A token that has not expired for `settings`, fetched through `networking` when needed.
    /// The token request goes with `transport` (the API request's TLS, proxy and timeout options).
    package func token(for settings: OAuth2Settings, networking: any Networking, transport: TransportOptions) async throws -> String {
        if let token = tokens[settings], !Self.isExpiring(token) { return token.value }
        if let task = fetching[settings] { return try await task.value.value }
        let refresh = tokens[settings]?.refreshToken
        let redactor = redactor
        let task = Task { try await Self.fetch(settings, refreshingWith: refresh, networking: networking, transport: transport, redactor: redactor) }
        fetching[settings] = task
        defer { fetching[settings] = nil }
        do {
            let token = try await task.value
            tokens[settings] = token
            return token.value
        } catch where refresh != nil {
            // A refresh token the endpoint no longer takes: the grant itself once more.
            let token = try await Self.fetch(settings, refreshingWith: nil, networking: networking, transport: transport, redactor: redactor)
            tokens[settings] = token
            return token.value
        }
    }

    /// Forgets `value` (answered with 401), unless a newer token has replaced it already.
    package func drop(_ value: String, for settings: OAuth2Settings) {
        if tokens[settings]?.value == value { tokens[settings] = nil }
    }

    /// Whether a token has reached the time it is renewed at (before it expires).
    private static func isExpiring(_ token: Token) -> Bool {
        guard let expires = token.expires else { return false }
        return ContinuousClock.now >= expires
    }

    private static func fetch(
        _ settings: OAuth2Settings, refreshingWith refresh: String?, networking: any Networking, transport: TransportOptions, redactor: Redactor
    ) async throws -> Token {
        for secret in [settings.clientSecret, settings.password, settings.refreshToken, refresh].compactMap({ $0 }) where secret.count >= 4 {
            redactor.add(secret)
        }
        let body = settings.formFields(refreshingWith: refresh).map { FormEncoding.encode($0.0) + "=" + FormEncoding.encode($0.1) }.joined(separator: "&")
        var request = PreparedRequest(
            name: "OAuth 2.0 token", method: .post, url: settings.tokenURL,
            headers: Headers([("Accept", "application/json")]),
            body: RequestBody(bytes: Array(body.utf8), contentType: "application/x-www-form-urlencoded"), transport: transport)
        if settings.clientAuthentication == .basic, let secret = settings.clientSecret {
            request.headers.add("Authorization", "Basic " + Base64.encode(Array("\(settings.clientID):\(secret)".utf8)))
        }
        let started = ContinuousClock.now
        let response: Response
        do {
            response = try await networking.send(request)
        } catch let error as NetworkError {
            throw NetworkError(error.kind, "cannot get an OAuth 2.0 token from \(settings.tokenURL): \(error.message)")
        }
        let parsed = try? JSONParser.parse(response.body)
        func member(_ name: String) -> DecodedValue? {
            if case let .object(members)? = parsed { members[name] } else { nil }
        }
        guard (200..<300).contains(response.status), case let .string(value)? = member("access_token"), !value.isEmpty else {
            var sentence = "the OAuth 2.0 token endpoint \(settings.tokenURL) answered \(response.status)"
            if case let .string(code)? = member("error") {
                sentence += " with \(code)"
                if case let .string(description)? = member("error_description") { sentence += " (\(description))" }
            } else if (200..<300).contains(response.status) {
                sentence += " without an access_token"
            }
            throw NetworkError(.other, redactor.redact(sentence))
        }
        redactor.add(value)
        var token = Token(value: value)
        if case let .string(refreshToken)? = member("refresh_token"), !refreshToken.isEmpty {
            redactor.add(refreshToken)
            token.refreshToken = refreshToken
        }
        let lifetime: Double? = switch member("expires_in") {
        case let .integer(seconds)?: Double(seconds)
        case let .number(seconds)?: seconds
        case let .string(text)?: Double(text)
        default: nil
        }
        if let lifetime, lifetime.isFinite, lifetime > 0 {
            // Renewed a tenth of its life early (between 1 and 30 s), so no request reaches the
            // API with a token that expires on the way.
            let margin = min(30, max(1, lifetime / 10))
            token.expires = started + .milliseconds(Int64(max(0, lifetime - margin) * 1000))
        }
        return token
    }
}
