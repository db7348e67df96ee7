#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Digest challenges a run has been given, by origin: after the first 401, later requests to
/// the same origin answer the challenge at once, each with the next nonce count.
package actor DigestSessions {
    private struct Session {
        var challenge: DigestChallenge
        var count = 0
    }

    private var sessions: [String: Session] = [:]
    private var clientNonceCounter: UInt64 = 0

    package init() {}

    /// Keeps `challenge` for `url`'s origin; returns whether it differs from the one kept (a new
    /// nonce, or the first).
    @discardableResult
    package func keep(_ challenge: DigestChallenge, for url: String) -> Bool {
        let origin = String(URLBuilder.origin(of: url)).lowercased()
        guard sessions[origin]?.challenge != challenge else { return false }
        sessions[origin] = Session(challenge: challenge)
        return true
    }

    /// The `Authorization` answering the origin's challenge for `request`, nil before any.
    package func authorization(for request: PreparedRequest, user: String, password: String) -> String? {
        let origin = String(URLBuilder.origin(of: request.url)).lowercased()
        guard var session = sessions[origin] else { return nil }
        session.count += 1
        sessions[origin] = session
        let target = WireTarget.of(request.url) ?? SigV4Signer.target(of: request.url)
        let uri = target.query.isEmpty ? target.path : target.path + "?" + target.query
        return session.challenge.authorization(
            user: user, password: password, method: request.method.rawValue, uri: uri.isEmpty ? "/" : uri,
            body: request.body?.bytes ?? [], count: session.count, clientNonce: nextClientNonce())
    }

    /// A client nonce no earlier one of the run repeats: a counter mixed with the time and a
    /// random number.
    private func nextClientNonce() -> String {
        clientNonceCounter += 1
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() ^ (UInt64(time(nil)) << 20) ^ clientNonceCounter
        return String(value, radix: 16) + String(clientNonceCounter, radix: 16)
    }
}
