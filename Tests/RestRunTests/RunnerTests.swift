import Foundation
import RestRun
import RestRunTestSupport
import Testing

@Suite("Runner with a fake Networking")
struct RunnerTests {
    let articles = """
        base_url: http://api.test/api
        headers:
          Authorization: Bearer {{token}}
        variables:
          token: t0k3n
        requests:
          - name: list
            url: /contents
            decode: JSONAPI
            expect:
              status: 200
              json:
                $.data: { count: 2 }
                $.data[0].attributes.name: { type: string }
            capture:
              first_id: $.data[0].id
          - name: one
            url: /contents/{{first_id}}
            expect:
              json:
                $.data.id: "{{first_id}}"
        """

    let list = #"{"data": [{"type": "contents", "id": "7", "attributes": {"name": "A"}}, {"type": "contents", "id": "8", "attributes": {"name": "B"}}]}"#

    @Test("captures feed later requests and every request passes")
    func captureChain() async throws {
        let file = try Fixtures.load(articles).get()
        let networking = MockNetworking([
            "http://api.test/api/contents": [.success(.json(list))],
            "http://api.test/api/contents/7": [.success(.json(#"{"data": {"type": "contents", "id": "7"}}"#))],
        ])
        let result = await Runner().run(file, networking: networking)
        #expect(result.requests.map(\.outcome) == [.passed, .passed])
        #expect(networking.sent.map(\.url) == ["http://api.test/api/contents", "http://api.test/api/contents/7"])
        #expect(result.requests[0].captures.first?.value == .string("7"))
        #expect(RunSummary([result]).exitCode == .success)
    }

    @Test("every failing expectation is reported, with its location, expected and actual")
    func everyFailure() async throws {
        let file = try Fixtures.load(articles).get()
        let networking = MockNetworking([
            "http://api.test/api/contents": [.success(.json(#"{"data": [{"type": "contents", "id": "7", "attributes": {"name": 3}}]}"#, status: 201))],
        ])
        let result = await Runner().run(file, networking: networking)
        let first = result.requests[0]
        #expect(first.outcome == .failed)
        #expect(first.failures.map(\.message) == [
            "expectation failed: status", "expectation failed: $.data", "expectation failed: $.data[0].attributes.name",
        ])
        #expect(first.failures[0].notes == ["expected: equals 200", "actual:   201"])
        #expect(first.failures[1].notes.first == "expected: count equals 2")
        #expect(first.failures[1].location?.line == 13)
        #expect(RunSummary([result]).exitCode == .expectationFailed)
    }

    @Test("a request whose capture never came is skipped with the reason; the exit code stays the failure's")
    func missingCapture() async throws {
        let file = try Fixtures.load(articles).get()
        let networking = MockNetworking(["http://api.test/api/contents": [.success(.json(#"{"errors": [{}]}"#, status: 500))]])
        let result = await Runner().run(file, networking: networking)
        #expect(result.requests.map(\.outcome) == [.failed, .skipped])
        #expect(result.requests[1].skipReason?.contains("variable 'first_id' has no value") == true)
        #expect(networking.sent.count == 1)
        #expect(RunSummary([result]).line == "0 passed, 1 failed, 1 skipped")
    }

    @Test("a network error is a runtime error (exit 3)")
    func networkError() async throws {
        let file = try Fixtures.load("requests:\n  - url: http://down.test/\n").get()
        let networking = MockNetworking(["http://down.test/": [.failure(NetworkError(.connectionRefused, "could not connect to down.test:80: connection refused"))]])
        let result = await Runner().run(file, networking: networking)
        #expect(result.requests[0].outcome == .error)
        #expect(result.requests[0].failures.first?.message == "could not connect to down.test:80: connection refused")
        #expect(RunSummary([result]).exitCode == .runtimeError)
    }

    @Test("a decode failure names the decoder and the path and counts as a failed expectation")
    func decodeFailure() async throws {
        let file = try Fixtures.load("requests:\n  - url: http://x.test/\n    decode: JSONAPI\n").get()
        let networking = MockNetworking(["http://x.test/": [.success(.json(#"{"data": {"type": "a", "id": null}}"#))]])
        let result = await Runner().run(file, networking: networking)
        #expect(result.requests[0].outcome == .failed)
        #expect(result.requests[0].failures.first?.message == "decoding failed: JSONAPI: data.id: expected String, found null")
    }

    @Test("a header is sensitive when its name holds a credential word, in any case and place")
    func sensitiveHeaders() {
        let words = ["auth", "token", "secret", "password", "passwd", "api-key", "apikey", "session", "credential", "signature", "cookie"]
        for word in words {
            for name in [word, word.uppercased(), "X-" + word.capitalized + "-Id", "x" + word] {
                #expect(Redactor.isSensitiveHeader(name), "\(name)")
            }
            #expect(!Redactor.isSensitiveHeader(String(word.dropLast())), "\(word.dropLast())")
        }
        for name in ["Authorization", "Set-Cookie", "Proxy-Authorization", "X-CSRF-Token", "X-Amz-Signature"] {
            #expect(Redactor.isSensitiveHeader(name), "\(name)")
        }
        for name in ["", "A", "Accept", "Content-Type", "User-Agent", "X-Request-Id", "Cache-Control", "Passw", "Tok", "é-auth-ö"] {
            #expect(Redactor.isSensitiveHeader(name) == name.contains("auth"), "\(name)")
        }
    }

    @Test("--var values override file variables; secrets are redacted from captures")
    func overridesAndSecrets() async throws {
        let file = try Fixtures.load("""
            variables: { id: 1 }
            requests:
              - url: http://x.test/{{id}}
                capture:
                  token: { json: $.token, secret: true }
            """).get()
        let networking = MockNetworking(["http://x.test/2": [.success(.json(#"{"token": "s3cr3t-value"}"#))]])
        let redactor = Redactor()
        let result = await Runner(variables: ["id": .integer(2)], redactor: redactor).run(file, networking: networking)
        #expect(result.requests[0].outcome == .passed)
        #expect(result.requests[0].captures.first?.value == .string(Redactor.mask))
        #expect(redactor.redact("Bearer s3cr3t-value") == "Bearer \(Redactor.mask)")
    }

    @Test("skip: is reported, and nothing is sent")
    func skip() async throws {
        let file = try Fixtures.load("requests:\n  - url: http://x.test/\n    options: { skip: flaky upstream }\n").get()
        let networking = MockNetworking()
        let result = await Runner().run(file, networking: networking)
        #expect(result.requests[0].outcome == .skipped)
        #expect(result.requests[0].skipReason == "flaky upstream")
        #expect(networking.sent.isEmpty)
    }

    @Test("a WebSocket exchange goes through an injected Networking: handshake, messages, checks")
    func webSocketThroughFake() async throws {
        let file = try Fixtures.load("""
            requests:
              - name: chat
                url: ws://chat.test/room
                headers: { Authorization: Bearer s3cr3t-token }
                options: { delay: 10ms }
                websocket:
                  - send: { json: { type: join } }
                  - receive:
                      expect: { json: { $.type: joined } }
                      capture: { session: $.session }
                  - send: "bye {{session}}"
                  - receive: { expect: { body: { contains: "bye s-1" } } }
                  - close: { code: 1000, reason: done }
            """).get()
        let conversation = MockConversation(replies: [
            [.text(#"{"type": "joined", "session": "s-1"}"#)],
            [.text("bye s-1, token s3cr3t-token")],
        ])
        var handshake = Response(status: 101, reason: "Switching Protocols", url: "ws://chat.test/room")
        handshake.conversation = conversation
        let networking = MockNetworking(["ws://chat.test/room": [.success(handshake)]])
        let result = await Runner().run(file, networking: networking).requests[0]
        #expect(result.outcome == .passed, "\(result.failures.map(\.message))")
        #expect(result.status == 101)
        #expect(networking.sent.map(\.headers["Authorization"]) == ["Bearer s3cr3t-token"])
        #expect(conversation.sent == [.text(#"{"type":"join"}"#), .text("bye s-1"), .close(code: 1000, reason: "done")])
        #expect(conversation.ended)
        #expect(result.captures.first?.value == .string("s-1"))
    }
}
