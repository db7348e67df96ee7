import Foundation
import RestRunTestSupport
import RestRunMock
import Testing

/// `auth:` that acts while sending, end to end through the binary against the auth server: OAuth
/// 2.0 (each grant, one token shared, renewed before expiry and after a 401, the token endpoint's
/// errors in one sentence), Digest (MD5 and SHA-256, a stale nonce) and AWS SigV4; no secret in
/// any output.
@Suite("auth end to end")
struct AuthCLITests {
    let binary = BinaryRunner()

    static func file(_ url: String, auth: String, requests: Int = 3, path: String = "/oauth/items") -> String {
        var text = "base_url: \(url)\nauth:\n" + auth.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\nrequests:\n"
        for number in 1...requests {
            text += "  - name: call \(number)\n    url: \(path)\n    expect:\n      status: 200\n"
        }
        return text
    }

    static var secrets: [String] { [AuthServer.clientSecret, AuthServer.password, AuthServer.secretKey, "tok-1-abcdef", "rt-1-abcdef"] }

    static func expectNoSecrets(_ text: String, _ comment: Comment? = nil) {
        for secret in secrets { #expect(!text.contains(secret), "\(secret) shown: \(comment?.rawValue ?? "") \(text)") }
    }

    @Test("oauth2: client_credentials, password and refresh_token; one token for the whole run; nothing secret in the output, -v or reports")
    func grants() async throws {
        let server = AuthServer()
        try await AuthServer.serving(server) { mock in
            let reports = (try BinaryRunner.temporaryFile("x", "") as NSString).deletingLastPathComponent
            let credentials = """
                oauth2:
                  token_url: \(mock.url)/token
                  client_id: \(AuthServer.clientID)
                  client_secret: ${CLIENT_SECRET}
                  scope: read write
                """
            let (_, output) = try await binary.runFile(
                Self.file(mock.url, auth: credentials, requests: 4), named: "oauth.yaml",
                ["-v", "--report-json", reports + "/auth.json", "--report-html", reports + "/auth.html", "--report-junit", reports + "/auth.xml"],
                environment: ["CLIENT_SECRET": AuthServer.clientSecret])
            #expect(output.status == 0, "\(output.all)")
            #expect(server.log.tokenRequests == 1)
            #expect(server.log.tokenForms.first == "grant_type=client_credentials&scope=read+write")
            Self.expectNoSecrets(output.all)
            for report in ["auth.json", "auth.html", "auth.xml"] {
                Self.expectNoSecrets(try String(contentsOfFile: reports + "/" + report, encoding: .utf8), "\(report)")
            }

            let password = """
                oauth2:
                  token_url: \(mock.url)/token
                  client_id: \(AuthServer.clientID)
                  client_secret: \(AuthServer.clientSecret)
                  client_auth: body
                  grant: password
                  username: \(AuthServer.user)
                  password: \(AuthServer.password)
                """
            let second = try await binary.runFile(Self.file(mock.url, auth: password), named: "password.yaml", ["-v"])
            #expect(second.output.status == 0, "\(second.output.all)")
            #expect(server.log.tokenForms.last?.contains("grant_type=password&username=alice") == true)
            #expect(server.log.tokenForms.last?.contains("client_id=\(AuthServer.clientID)") == true)
            Self.expectNoSecrets(second.output.all)

            let refresh = """
                oauth2:
                  token_url: \(mock.url)/token
                  client_id: \(AuthServer.clientID)
                  client_secret: \(AuthServer.clientSecret)
                  grant: refresh_token
                  refresh_token: refresh-initial
                """
            let third = try await binary.runFile(Self.file(mock.url, auth: refresh), named: "refresh.yaml")
            #expect(third.output.status == 0, "\(third.output.all)")
            #expect(server.log.tokenForms.last == "grant_type=refresh_token&refresh_token=refresh-initial")
        }
    }

    @Test("oauth2: a token is renewed before it expires, and fetched again after a 401; no request carries an expired token")
    func renewal() async throws {
        let server = AuthServer(lifetime: 2)
        try await AuthServer.serving(server) { mock in
            let auth = """
                oauth2:
                  token_url: \(mock.url)/token
                  client_id: \(AuthServer.clientID)
                  client_secret: \(AuthServer.clientSecret)
                """
            var text = "base_url: \(mock.url)\nauth:\n" + auth.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\nrequests:\n"
            for number in 1...5 {
                text += "  - name: call \(number)\n    url: /oauth/items\n    options: { delay: 600ms }\n    expect:\n      status: 200\n"
            }
            let (_, output) = try await binary.runFile(text, named: "renew.yaml")
            #expect(output.status == 0, "\(output.all)")
            #expect(server.log.expiredTokens == 0)
            #expect(server.log.tokenRequests >= 2, "a 2 s token over 3 s of requests is renewed")

            server.revokeTokens()
            let again = try await binary.runFile(Self.file(mock.url, auth: auth, requests: 2), named: "revoked.yaml")
            #expect(again.output.status == 0, "\(again.output.all)")
        }
    }

    @Test("oauth2: the token endpoint's refusal is one sentence with its error code, exit 3")
    func refused() async throws {
        let server = AuthServer()
        try await AuthServer.serving(server) { mock in
            let auth = """
                oauth2:
                  token_url: \(mock.url)/token
                  client_id: \(AuthServer.clientID)
                  client_secret: wrong-secret-value
                """
            let (_, output) = try await binary.runFile(Self.file(mock.url, auth: auth, requests: 1), named: "refused.yaml")
            #expect(output.status == 3, "\(output.all)")
            #expect(output.all.contains("answered 401 with invalid_client (client authentication failed)"), "\(output.all)")
            #expect(!output.all.contains("wrong-secret-value"))
            #expect(!output.all.contains("NetworkError"))
        }
    }

    @Test("digest: SHA-256 and MD5 challenges answered, later requests answer at once, a stale nonce is answered again")
    func digest() async throws {
        for algorithm in ["SHA-256", "MD5"] {
            let server = AuthServer(algorithm: algorithm)
            try await AuthServer.serving(server) { mock in
                let auth = "digest: [\(AuthServer.user), \(AuthServer.password)]"
                let (_, output) = try await binary.runFile(Self.file(mock.url, auth: auth, requests: 3, path: "/digest/items?page=2&q=a%20b"), named: "digest.yaml", ["-v"])
                #expect(output.status == 0, "\(algorithm): \(output.all)")
                #expect(server.log.challenges == 1, "\(algorithm): one challenge, then answered at once")
                #expect(server.log.digestAnswers == 3)
                Self.expectNoSecrets(output.all)
                server.rotateNonce()
                let (_, fresh) = try await binary.runFile(Self.file(mock.url, auth: auth, requests: 1, path: "/digest/x"), named: "digest.yaml")
                #expect(fresh.status == 0, "\(fresh.all)")
                let wrong = "digest: [\(AuthServer.user), not-the-password]"
                let (_, refused) = try await binary.runFile(Self.file(mock.url, auth: wrong, requests: 1, path: "/digest/x"), named: "digest.yaml")
                #expect(refused.status == 4, "\(refused.all)")
            }
        }
    }

    @Test("digest: a nonce the server no longer takes (stale=true) is answered again with the new one")
    func staleNonce() async throws {
        let server = AuthServer(nonceUses: 2)
        try await AuthServer.serving(server) { mock in
            let auth = "digest: [\(AuthServer.user), \(AuthServer.password)]"
            let (_, output) = try await binary.runFile(Self.file(mock.url, auth: auth, requests: 5, path: "/digest/items"), named: "stale.yaml")
            #expect(output.status == 0, "\(output.all)")
            #expect(server.log.digestAnswers == 5)
            #expect(server.log.challenges == 3, "the first challenge, then one stale nonce after every 2 answers")
        }
    }

    @Test("aws_sigv4: every attempt signed over what is sent (query, JSON body, session token); the secret never shown")
    func sigv4() async throws {
        let server = AuthServer()
        try await AuthServer.serving(server) { mock in
            let text = """
                base_url: \(mock.url)
                auth:
                  aws_sigv4: { region: eu-west-1, service: execute-api, access_key: \(AuthServer.accessKey), secret_key: \(AuthServer.secretKey), session_token: tmp-session-7 }
                requests:
                  - name: get
                    url: /sigv4/items/a b
                    query: { q: "x y", a: "1" }
                    expect: { status: 200 }
                  - name: post
                    method: POST
                    url: /sigv4/items
                    headers: { X-Trace: "  spaced   value  " }
                    json: { name: "é", n: 1 }
                    expect: { status: 200 }
                """
            let (_, output) = try await binary.runFile(text, named: "sigv4.yaml", ["-v"])
            #expect(output.status == 0, "\(output.all) \(server.log.badSignatures) \(server.log.received)")
            #expect(server.log.signedRequests == 2)
            #expect(!output.all.contains(AuthServer.secretKey) && !output.all.contains("tmp-session-7"))
        }
    }

    @Test("auth mistakes are load errors at their line: an unknown grant, a missing key")
    func mistakes() async throws {
        let (file, output) = try await binary.runFile("""
            auth:
              oauth2: { token_url: "http://127.0.0.1:1/t", client_id: c, grant: implicit }
            requests:
              - url: http://127.0.0.1:1/
            """, named: "bad-auth.yaml")
        #expect(output.status == 2, "\(output.all)")
        #expect(output.all.contains("\(file):2:"), "\(output.all)")
        #expect(output.all.contains("'grant' is one of client_credentials, password or refresh_token"))
        let (_, missing) = try await binary.runFile("""
            requests:
              - url: http://127.0.0.1:1/
                auth: { aws_sigv4: { region: us-east-1, service: s3, access_key: a } }
            """, named: "bad-sigv4.yaml")
        #expect(missing.status == 2)
        #expect(missing.all.contains("'aws_sigv4' needs 'secret_key'"), "\(missing.all)")
    }
}
