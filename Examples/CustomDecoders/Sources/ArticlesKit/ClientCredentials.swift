import RestRun

/// OAuth 2.0 client credentials as a networking delegate: it fetches a token from `tokenURL` the
/// first time a request needs one, sends it as `Authorization: Bearer ...`, and when the API
/// answers 401 it drops the token and retries once, which fetches a fresh one.
public struct ClientCredentials: NetworkingDelegate {
    let tokenURL: String
    let clientID: String
    let clientSecret: String
    let cache = TokenCache()

    /// Creates the delegate for a token endpoint and a client's id and secret.
    public init(tokenURL: String, clientID: String, clientSecret: String) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    /// The bearer token, fetched (with an `await`) when there is none yet.
    public func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] {
        guard request.url != tokenURL else { return [] }
        let token = try await cache.token { try await fetchToken(through: networking) }
        return [("Authorization", "Bearer \(token)")]
    }

    /// A 401 on the first attempt drops the token and retries at once, with a fresh one.
    public func networking(_ networking: any Networking, retryDecisionFor request: PreparedRequest, after attempt: Attempt) async -> RetryDecision {
        guard request.url != tokenURL, attempt.number == 1, attempt.response?.status == 401 else { return .doNotRetry }
        await cache.drop()
        return .retry(after: .zero)
    }

    private func fetchToken(through networking: any Networking) async throws -> String {
        let form = "grant_type=client_credentials&client_id=\(FormEncoding.encode(clientID))&client_secret=\(FormEncoding.encode(clientSecret))"
        let response = try await networking.send(PreparedRequest(
            name: "token", method: .post, url: tokenURL,
            body: RequestBody(bytes: Array(form.utf8), contentType: "application/x-www-form-urlencoded")))
        guard response.status == 200, case let .object(fields) = try JSONParser.parse(response.body),
              case let .string(token)? = fields["access_token"]
        else {
            throw NetworkError(.other, "the token endpoint \(tokenURL) answered \(response.status) without an access_token")
        }
        return token
    }
}
