import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

@Suite("HTTP methods")
struct HTTPMethodTests {
    @Test("a lower-case literal is its upper-case method, never GET by accident")
    func literals() {
        let post: HTTPMethod = "post"
        #expect(post == .post)
        let custom: HTTPMethod = "PROPFIND"
        #expect(custom.rawValue == "PROPFIND")
        let broken: HTTPMethod = "not a method"
        #expect(broken != .get)
        #expect(!broken.isValid)
    }

    @Test("a method that is no token is refused when sent, with a sentence")
    func invalidMethodIsRefused() async throws {
        try await MockServer.serving("routes:\n  - path: /x\n    method: \"*\"\n    text: ok\n") { server in
            _ = try await Networker.withHTTPClient { client in
                await #expect {
                    try await Networker(client: client).send(PreparedRequest(name: "x", method: "not a method", url: server.url + "/x"))
                } throws: { error in
                    (error as? NetworkError)?.message.contains("is not an HTTP method") == true
                }
            }
            #expect(server.requestsServed == 0)
        }
    }
}
