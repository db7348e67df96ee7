import Crypto
import RestRun
package import RestRunMock
import Synchronization

/// A server for the auth tests, served by the mock server: an OAuth 2.0 token endpoint
/// (`POST /token`) and an API that takes its tokens (`/oauth/...`), an API behind Digest
/// (`/digest/...`, its answers checked with the server's own hashing, RFC 7616), and one that
/// checks AWS SigV4 signatures over the headers it received (`/sigv4/...`).
package final class AuthServer: MockResponder {
    package static let clientID = "client-7"
    package static let clientSecret = "client-secret-9f2"
    package static let user = "alice"
    package static let password = "wonder-land-42"
    package static let accessKey = "AKIDTEST"
    package static let secretKey = "sigv4-secret-key-31"

    /// What the server has seen.
    package struct Log: Sendable {
        package var tokenRequests = 0
        package var tokenForms: [String] = []
        package var apiRequests = 0
        /// API requests that came with a token past its expiry.
        package var expiredTokens = 0
        package var challenges = 0
        package var digestAnswers = 0
        package var signedRequests = 0
        package var badSignatures: [String] = []
        /// The last request to `/sigv4/`: its method, target and headers.
        package var received = ""
        package var served = 0
    }

    private struct State {
        var log = Log()
        var tokens: [String: ContinuousClock.Instant] = [:]
        var refreshTokens: Set<String> = ["refresh-initial"]
        var nextToken = 1
        var nonce = "n-1"
        var lastCount = 0
    }

    private let state = Mutex(State())
    /// Seconds a token lives.
    private let lifetime: Int
    /// The Digest algorithm challenged with.
    private let algorithm: String

    /// Digest answers after which the nonce changes (0: never).
    private let nonceUses: Int

    /// A server whose tokens live `lifetime` seconds and whose Digest challenge names `algorithm`,
    /// with a new nonce after every `nonceUses` answers.
    package init(lifetime: Int = 3600, algorithm: String = "SHA-256", nonceUses: Int = 0) {
        self.lifetime = lifetime
        self.algorithm = algorithm
        self.nonceUses = nonceUses
    }

    package var log: Log { state.withLock { $0.log } }
    package var requestsServed: Int { state.withLock { $0.log.served } }
    package var compresses: Bool { false }
    package var summary: String { "the auth server" }

    /// Forgets every token, as a server that revokes them does.
    package func revokeTokens() { state.withLock { $0.tokens = [:] } }

    /// Starts a new Digest nonce: answers to the old one are stale.
    package func rotateNonce() {
        state.withLock {
            $0.nonce = "n-\($0.log.challenges + 100)"
            $0.lastCount = 0
        }
    }

    package func reply(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply {
        state.withLock { $0.log.served += 1 }
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        let path = String(uri.prefix { $0 != "?" })
        if path == "/token", method == "POST" { return token(form: String(decoding: body, as: UTF8.self), authorization: header("Authorization")) }
        if path.hasPrefix("/oauth/") { return api(authorization: header("Authorization")) }
        if path.hasPrefix("/digest/") { return digest(method: method, uri: uri, authorization: header("Authorization")) }
        if path.hasPrefix("/sigv4/") { return sigv4(method: method, uri: uri, headers: headers, body: body) }
        return Self.json(404, #"{"error":"no route"}"#)
    }

    private func token(form: String, authorization: String?) -> MockRouter.Reply {
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { URLBuilder.decode(String($0).replacing("+", with: " ")) }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        let basic = "Basic " + Base64.encode(Array("\(Self.clientID):\(Self.clientSecret)".utf8))
        let clientOK = authorization == basic || (fields["client_id"] == Self.clientID && fields["client_secret"] == Self.clientSecret)
        return state.withLock { state in
            state.log.tokenRequests += 1
            state.log.tokenForms.append(form)
            guard clientOK else {
                return Self.json(401, #"{"error":"invalid_client","error_description":"client authentication failed"}"#)
            }
            switch fields["grant_type"] {
            case "client_credentials": break
            case "password":
                guard fields["username"] == Self.user, fields["password"] == Self.password else {
                    return Self.json(400, #"{"error":"invalid_grant","error_description":"wrong username or password"}"#)
                }
            case "refresh_token":
                guard let refresh = fields["refresh_token"], state.refreshTokens.contains(refresh) else {
                    return Self.json(400, #"{"error":"invalid_grant","error_description":"unknown refresh token"}"#)
                }
            default:
                return Self.json(400, #"{"error":"unsupported_grant_type"}"#)
            }
            let value = "tok-\(state.nextToken)-abcdef"
            let refresh = "rt-\(state.nextToken)-abcdef"
            state.nextToken += 1
            state.tokens[value] = ContinuousClock.now + .seconds(lifetime)
            state.refreshTokens.insert(refresh)
            return Self.json(200, #"{"access_token":"\#(value)","token_type":"Bearer","expires_in":\#(lifetime),"refresh_token":"\#(refresh)"}"#)
        }
    }

    private func api(authorization: String?) -> MockRouter.Reply {
        state.withLock { state in
            state.log.apiRequests += 1
            guard let authorization, authorization.hasPrefix("Bearer ") else {
                return Self.json(401, #"{"error":"no token"}"#)
            }
            let token = String(authorization.dropFirst(7))
            guard let expires = state.tokens[token] else { return Self.json(401, #"{"error":"invalid_token"}"#) }
            guard ContinuousClock.now < expires else {
                state.log.expiredTokens += 1
                return Self.json(401, #"{"error":"expired"}"#)
            }
            return Self.json(200, #"{"ok":true}"#)
        }
    }

    private func digest(method: String, uri: String, authorization: String?) -> MockRouter.Reply {
        state.withLock { state in
            let challenge = MockRouter.Reply(
                status: 401,
                headers: [
                    ("WWW-Authenticate", "Basic realm=\"api\""),
                    ("WWW-Authenticate", "Digest realm=\"api@rest-run\", qop=\"auth\", algorithm=\(algorithm), nonce=\"\(state.nonce)\", opaque=\"op-5\""),
                    ("Content-Type", "application/json"),
                ],
                body: Array(#"{"error":"who are you"}"#.utf8), delay: nil, events: nil)
            guard let authorization, authorization.hasPrefix("Digest ") else {
                state.log.challenges += 1
                return challenge
            }
            var parameters: [String: String] = [:]
            for part in Self.splitParameters(String(authorization.dropFirst(7))) {
                guard let equals = part.firstIndex(of: "=") else { continue }
                var value = String(part[part.index(after: equals)...])
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                parameters[String(part[..<equals]).trimmingSpaces()] = value
            }
            let count = Int(parameters["nc"] ?? "", radix: 16) ?? 0
            func hash(_ text: String) -> String {
                algorithm == "MD5" ? Self.hex(Insecure.MD5.hash(data: Array(text.utf8))) : Self.hex(SHA256.hash(data: Array(text.utf8)))
            }
            let ha1 = hash("\(Self.user):api@rest-run:\(Self.password)")
            let ha2 = hash("\(method):\(uri)")
            let expected = hash("\(ha1):\(state.nonce):\(parameters["nc"] ?? ""):\(parameters["cnonce"] ?? ""):auth:\(ha2)")
            guard parameters["nonce"] == state.nonce else {
                state.log.challenges += 1
                var stale = challenge
                stale.headers[1].1 += ", stale=true"
                return stale
            }
            guard parameters["username"] == Self.user, parameters["uri"] == uri, parameters["qop"] == "auth", parameters["opaque"] == "op-5",
                  parameters["algorithm"] == algorithm, parameters["response"] == expected, count > state.lastCount else {
                state.log.challenges += 1
                return challenge
            }
            state.lastCount = count
            state.log.digestAnswers += 1
            if nonceUses > 0, state.log.digestAnswers % nonceUses == 0 {
                state.nonce = "n-\(state.log.digestAnswers + 1000)"
                state.lastCount = 0
            }
            return Self.json(200, #"{"user":"alice"}"#)
        }
    }

    private func sigv4(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply {
        state.withLock { $0.log.received = "\(method) \(uri) \(headers)" }
        // The signature is made again over the headers received, as AWS does: what was signed must
        // be what was sent.
        let authorization = headers.first { $0.0.lowercased() == "authorization" }?.1 ?? ""
        let date = headers.first { $0.0.lowercased() == "x-amz-date" }?.1 ?? ""
        let signedList = authorization.split(separator: " ").first { $0.hasPrefix("SignedHeaders=") }
            .map { String($0.dropFirst("SignedHeaders=".count).prefix { $0 != "," }) } ?? ""
        let names = Set(signedList.split(separator: ";").map(String.init))
        let signed = headers.filter { names.contains($0.0.lowercased()) }
        let credential = authorization.split(separator: " ").first { $0.hasPrefix("Credential=") }.map { String($0.dropFirst(11).prefix { $0 != "," }) } ?? ""
        let scope = credential.split(separator: "/").map(String.init)
        guard scope.count == 5, scope[0] == Self.accessKey, names.contains("host"), names.contains("x-amz-date") else {
            state.withLock { $0.log.badSignatures.append(authorization) }
            return Self.json(403, #"{"message":"missing signature"}"#)
        }
        let signer = SigV4Signer(accessKey: Self.accessKey, secretKey: Self.secretKey, region: scope[2], service: scope[3])
        let path = String(uri.prefix { $0 != "?" })
        let query = uri.count > path.count ? String(uri.dropFirst(path.count + 1)) : ""
        let expected = signer.authorization(
            method: method, path: path, query: query, headers: signed, payloadHash: SigV4Signer.sha256Hex(body), amzDate: date)
        guard expected == authorization else {
            state.withLock { $0.log.badSignatures.append(authorization) }
            return Self.json(403, #"{"message":"The request signature we calculated does not match the signature you provided."}"#)
        }
        state.withLock { $0.log.signedRequests += 1 }
        return Self.json(200, #"{"signed":true}"#)
    }

    /// `a="x, y", b=z` → [`a="x, y"`, ` b=z`]: commas inside quotes stay.
    private static func splitParameters(_ text: String) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false
        for index in text.indices {
            if text[index] == "\"" { quoted.toggle() }
            if text[index] == ",", !quoted {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func json(_ status: Int, _ text: String) -> MockRouter.Reply {
        MockRouter.Reply(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8), delay: nil, events: nil)
    }

    /// Serves the auth server while `body` runs.
    package static func serving<T: Sendable>(_ server: AuthServer, _ body: (MockServer) async throws -> T) async throws -> T {
        try await MockServer.serving(responder: server, body)
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
