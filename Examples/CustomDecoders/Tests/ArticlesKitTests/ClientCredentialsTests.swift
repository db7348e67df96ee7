import ArticlesKit
import RestRun
import RestRunMock
import Testing

/// The client-credentials delegate against a local token server and API: one token fetch for many
/// requests, and a fresh token after a 401.
@Test("a token is fetched once, sent as a bearer, and refreshed after a 401")
func clientCredentials() async throws {
    let routes = try MockRoutes.load(text: """
        routes:
          - path: /oauth/token
            method: POST
            responses:
              - { json: { access_token: first-token, token_type: bearer } }
              - { json: { access_token: second-token, token_type: bearer } }
          - path: /api/me
            responses:
              - { echo: true }
              - { echo: true }
              - { status: 401 }
              - { echo: true }
        """, path: "routes.yaml")
    let server = try await MockServer.start(routes: routes)
    defer { Task { await server.shutdown() } }
    let credentials = ClientCredentials(tokenURL: server.url + "/oauth/token", clientID: "articles", clientSecret: "s3cret")
    let tokens = try await Networker.withNetworker(delegates: [credentials]) { networker in
        var seen: [String] = []
        for _ in 0..<3 {
            let response = try await networker.send(PreparedRequest(name: "me", url: server.url + "/api/me"))
            guard case let .object(echo) = try JSONParser.parse(response.body), case let .object(headers)? = echo["headers"],
                  case let .string(authorization)? = headers["authorization"]
            else { continue }
            seen.append(authorization)
        }
        return seen
    }
    #expect(tokens == ["Bearer first-token", "Bearer first-token", "Bearer second-token"])
}
