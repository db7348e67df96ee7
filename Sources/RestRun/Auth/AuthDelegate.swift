/// Applies a request's `RequestAuth` while it is sent: an OAuth 2.0 bearer token (fetched once
/// for the run, renewed before it expires, and fetched again once after a 401), and the answer
/// to a Digest challenge (after the 401 that brings it, the request is sent again at once; later
/// requests to the same origin answer it from the start). SigV4 is signed in `HeaderMerge`, over
/// the merged headers. A class: every request copies its networker's delegates several times, and
/// a copy of a class is one reference counted rather than one for each of its parts.
package final class AuthDelegate: PartialNetworkingDelegate {
    /// The hooks it acts in.
    package var hooks: DelegateHooks.Hooks { [.headers, .retryDecision] }

    let tokens: OAuth2Tokens
    let digests: DigestSessions
    let redactor: Redactor

    /// A delegate whose tokens and challenges are shared by every request it sees.
    package init(redactor: Redactor) {
        self.redactor = redactor
        tokens = OAuth2Tokens(redactor: redactor)
        digests = DigestSessions()
    }

    package func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] {
        // Most requests have no auth to apply: no cast to look up for them.
        guard request.auth != nil, let auth = request.auth as? RequestAuth, !request.removedHeaders.contains("authorization") else { return [] }
        for secret in auth.secrets where secret.count >= 4 { redactor.add(secret) }
        switch auth {
        case let .oauth2(settings):
            return [("Authorization", "Bearer " + (try await tokens.token(for: settings, networking: networking, transport: request.transport)))]
        case let .digest(user, password):
            return await digests.authorization(for: request, user: user, password: password).map { [("Authorization", $0)] } ?? []
        case .awsSigV4:
            return []
        }
    }

    /// No headers, at once, for a request with no auth to apply while sending.
    package func headersAtOnce(for request: PreparedRequest) -> [(String, String)]? {
        request.auth == nil ? [] : nil
    }

    /// No retry, at once, unless a request with auth was answered 401.
    package func retryDecisionAtOnce(for request: PreparedRequest, after attempt: Attempt) -> RetryDecision? {
        request.auth == nil || attempt.response?.status != 401 ? .doNotRetry : nil
    }

    package func networking(_ networking: any Networking, retryDecisionFor request: PreparedRequest, after attempt: Attempt) async -> RetryDecision {
        guard request.auth != nil, let auth = request.auth as? RequestAuth, let response = attempt.response, response.status == 401, attempt.number <= 2 else { return .doNotRetry }
        switch auth {
        case let .oauth2(settings):
            guard attempt.number == 1, let sent = request.headers["Authorization"], sent.hasPrefix("Bearer ") else { return .doNotRetry }
            await tokens.drop(String(sent.dropFirst("Bearer ".count)), for: settings)
            return .retry(after: .zero)
        case .digest:
            guard let challenge = DigestChallenge.strongest(in: response.headers.values(for: "WWW-Authenticate")) else { return .doNotRetry }
            let isNew = await digests.keep(challenge, for: request.url)
            // Once after the challenge, and once more when the server only found the nonce stale.
            let sentDigest = request.headers["Authorization"]?.lowercased().hasPrefix("digest ") == true
            return !sentDigest || (challenge.stale && isNew) ? .retry(after: .zero) : .doNotRetry
        case .awsSigV4:
            return .doNotRetry
        }
    }
}
