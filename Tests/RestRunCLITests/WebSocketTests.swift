import Foundation
import RestRunTestSupport
import Testing

/// WebSocket exchanges end to end: the mock's echoing and scripted WebSockets, and a raw server
/// that sends a malformed or endless frame, closes with an error code, or never upgrades.
@Suite("WebSocket")
struct WebSocketTests {
    let binary = BinaryRunner()

    static let routes = """
        routes:
          - path: /echo
            websocket: echo
          - path: /chat
            websocket:
              on_open: [ welcome ]
              replies: [ { json: { reply: 1, user: alice } }, second ]
              ping: true
              close: { after: 2, code: 4000, reason: done }
          - path: /plain
            json: { not: a websocket }

        """

    @Test("send, receive with expectations and captures, close, expect_close; pings answered")
    func exchange() async throws {
        let routes = try BinaryRunner.temporaryFile("routes.yaml", Self.routes)
        let report = try BinaryRunner.temporaryFile("report.json", "")
        let (_, output) = try await binary.runFile("""
            variables: { name: bob }
            requests:
              - name: echo
                url: "{{mock_url}}/echo"
                headers: { Authorization: Bearer s3cr3t-token }
                websocket:
                  - send: { text: "hello {{name}}" }
                  - receive: { expect: { body: "hello bob" } }
                  - send: { json: { n: 1, who: "{{name}}" } }
                  - receive:
                      expect: { json: { $.n: 1 } }
                      capture: { who: $.who }
                  - send: { base64: aGk= }
                  - receive: { expect: { body: hi } }
                  - close: { code: 1000, reason: bye }
              - name: chat
                url: "{{mock_url}}/chat"
                websocket:
                  - receive: { expect: { body: welcome } }
                  - receive: { expect: { body: pong }, within: 2s }
                  - send: "{{who}}"
                  - receive: { expect: { json: { $.user: alice } } }
                  - send: again
                  - receive: { expect: { body: second } }
                  - expect_close: { code: 4000 }
            """, ["--mock", routes, "-v", "--report-json", report])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stderr.contains("< {\"n\":1,\"who\":\"bob\"}"), "\(output.stderr)")
        #expect(output.stderr.contains("< close 4000 \"done\""), "\(output.stderr)")
        let json = try String(contentsOfFile: report, encoding: .utf8)
        #expect(json.contains("\"received\""), "\(json)")
        #expect(!json.contains("s3cr3t-token") && !output.all.contains("s3cr3t-token"), "the Authorization header stays secret")
    }

    @Test("a credential the handshake sends, or a secret capture sent in a message, stays secret when the server echoes it")
    func echoedSecrets() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let routes = try BinaryRunner.temporaryFile("routes.yaml", Self.routes + "  - path: /token\n    json: { token: capturedWsSecret42 }\n")
        let folder = (routes as NSString).deletingLastPathComponent
        let reports = ["json", "junit", "tap", "html", "har"].map { ("--report-" + $0, folder + "/echoed." + $0) }
        // The first receive fails, so each message is shown in full in the failure as well.
        let (_, output) = try await binary.runFile("""
            requests:
              - name: echoed header
                url: ws://127.0.0.1:\(server.port)/ws-headers
                headers: { Authorization: "Bearer wsLiteralCredential99" }
                websocket:
                  - receive: { expect: { body: { contains: "not in the headers" } } }
              - name: token
                url: "{{mock_url}}/token"
                capture: { token: { json: $.token, secret: true } }
              - name: echoed capture
                url: "{{mock_url}}/echo"
                websocket:
                  - send: "token={{token}}"
                  - receive: { expect: { body: "no such body" }, capture: { echoed: { body: true } } }
            """, ["--mock", routes, "-vv"] + reports.flatMap { [$0.0, $0.1] })
        #expect(output.status == 4, "\(output.all)")
        #expect(output.stdout.contains("Authorization: Bearer [redacted]") || output.stdout.contains("[redacted]"), "\(output.stdout)")
        for secret in ["wsLiteralCredential99", "capturedWsSecret42"] {
            #expect(!output.all.contains(secret), "\(secret) in the output: \(output.all)")
            for (flag, path) in reports {
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                #expect(!text.isEmpty, "\(flag) wrote nothing")
                #expect(!text.contains(secret), "\(secret) in \(flag)")
            }
        }
    }

    @Test("failed checks are exit 4 at their step; the steps after them still run")
    func failures() async throws {
        let routes = try BinaryRunner.temporaryFile("routes.yaml", Self.routes)
        let (_, output) = try await binary.runFile("""
            requests:
              - url: "{{mock_url}}/echo"
                websocket:
                  - send: one
                  - receive: { expect: { body: two } }
                  - send: three
                  - receive: { expect: { body: three } }
              - url: "{{mock_url}}/chat"
                websocket:
                  - receive: { expect: { body: welcome } }
                  - expect_close: { code: 1000, within: 300ms }
            """, ["--mock", routes])
        #expect(output.status == 4 || output.status == 3, "\(output.all)")
        #expect(output.stdout.contains("5:30: error: expectation failed: body"), "\(output.stdout)")
        #expect(!output.stdout.contains("7:30: error"), "the fourth step ran and passed: \(output.stdout)")
    }

    @Test("a refused upgrade, a receive that times out, malformed and endless frames, a silent handshake: exit 3 at the step")
    func hostile() async throws {
        let routes = try BinaryRunner.temporaryFile("routes.yaml", Self.routes)
        let (_, refused) = try await binary.runFile("requests:\n  - url: \"{{mock_url}}/plain\"\n    websocket: [ { send: hi } ]\n", ["--mock", routes])
        #expect(refused.status == 3, "\(refused.all)")
        #expect(refused.stdout.contains("did not upgrade to WebSocket: it answered 200 OK instead of 101 Switching Protocols"), "\(refused.stdout)")
        let (_, quiet) = try await binary.runFile(
            "requests:\n  - url: \"{{mock_url}}/echo\"\n    websocket:\n      - receive: { within: 300ms }\n", ["--mock", routes])
        #expect(quiet.status == 3 && quiet.stdout.contains("4:9: error: no message arrived within 300 ms"), "\(quiet.all)")
        let (_, large) = try await binary.runFile(
            "requests:\n  - url: \"{{mock_url}}/echo\"\n    options: { max_body: 2KB }\n    websocket:\n"
                + "      - send: \(String(repeating: "x", count: 5000))\n      - receive: {}\n", ["--mock", routes])
        #expect(large.status == 3 && large.stdout.contains("larger than max_body (2 KB)"), "\(large.all)")

        let server = try FaultServer()
        defer { server.stop() }
        let start = ContinuousClock.now
        let cases: [(String, String, Int32, String)] = [
            ("/ws-malformed", "      - receive: {}\n", 3, "malformed control frame"),
            ("/ws-endless-frame", "      - receive: {}\n", 3, "larger than max_body"),
            ("/ws-close-1011", "      - expect_close: { code: 1000 }\n", 4, "expected: 1000"),
            ("/never-answer", "      - send: hi\n", 3, "did not finish in time"),
            ("/ws-chatter", "      - expect_close: { within: 500ms }\n", 3, "did not close the connection within 500 ms"),
        ]
        for (path, steps, status, says) in cases {
            let (_, output) = try await binary.runFile(
                "requests:\n  - url: ws://127.0.0.1:\(server.port)\(path)\n    options: { timeout: 1s, max_body: 64KB }\n    websocket:\n" + steps)
            #expect(output.status == status, "\(path): \(output.all)")
            #expect(output.stdout.contains(says), "\(path): \(output.stdout)")
            for word in ["NIO", "Error(", "Optional("] { #expect(!output.all.contains(word), "\(path): \(output.all)") }
        }
        #expect(ContinuousClock.now - start < .seconds(40), "a hang, not the suite's load on two cores")
    }

    @Test("the handshake is an attempt like any request's: retry: sends it again, -v shows each attempt")
    func handshakeRetried() async throws {
        let closed = ClosedPort()
        let (_, output) = try await binary.runFile("""
            requests:
              - name: chat
                url: ws://127.0.0.1:\(closed.port)/chat
                options: { retry: { attempts: 3, delay: 10ms } }
                websocket: [ { send: hi } ]
            """, ["-v"])
        #expect(output.status == 3, "\(output.all)")
        #expect(output.stdout.contains("(3 attempts)"), "\(output.stdout)")
        #expect(output.all.contains("> GET ws://127.0.0.1:\(closed.port)/chat  (attempt 3)"), "\(output.all)")
        #expect(output.all.contains("* retrying in 10 ms (attempt 2 of 3)"), "\(output.all)")
    }

    @Test("the handshake carries the headers an HTTP request would: defaults, the file's, the request's, cookies")
    func handshakeHeaders() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let (_, output) = try await binary.runFile("""
            headers: { X-Team: core }
            requests:
              - url: http://127.0.0.1:\(server.port)/set-cookie
              - url: ws://127.0.0.1:\(server.port)/ws-headers
                headers: { X-Trace: t1 }
                websocket:
                  - receive:
                      expect:
                        body:
                          matches: "(?s)(?=.*Cookie: session=abc)(?=.*X-Team: core)(?=.*X-Trace: t1)(?=.*User-Agent: rest-run)(?!.*Accept-Encoding).*"
            """)
        #expect(output.status == 0, "\(output.all)")
    }

    @Test("wss:// with the request's TLS options: a private CA, then insecure")
    func secure() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await TLSServer.start(certificate: certificates.serverCertificate, key: certificates.serverKey)
        defer { Task { await server.shutdown() } }
        let exchange = "    websocket:\n      - send: over tls\n      - receive: { expect: { body: over tls } }\n"
        let (_, trusted) = try await binary.runFile(
            "options: { tls: { ca: \(certificates.ca) } }\nrequests:\n  - url: wss://127.0.0.1:\(server.port)/echo\n" + exchange)
        #expect(trusted.status == 0, "\(trusted.all)")
        let (_, refused) = try await binary.runFile("requests:\n  - url: wss://127.0.0.1:\(server.port)/echo\n" + exchange)
        #expect(refused.status == 3 && refused.stdout.lowercased().contains("certificate"), "\(refused.all)")
        let (_, insecure) = try await binary.runFile(
            "requests:\n  - url: wss://127.0.0.1:\(server.port)/echo\n    options: { insecure: true }\n" + exchange)
        #expect(insecure.status == 0, "\(insecure.all)")
    }

    @Test("a typo'd step gets a did-you-mean; a body on a WebSocket request is refused")
    func typos() async throws {
        let (_, output) = try await binary.runFile("requests:\n  - url: ws://127.0.0.1:1/x\n    websocket:\n      - recieve: {}\n")
        #expect(output.status == 2 && output.stderr.contains("did you mean 'receive'"), "\(output.all)")
        let (_, body) = try await binary.runFile("requests:\n  - url: ws://127.0.0.1:1/x\n    json: { a: 1 }\n")
        #expect(body.status == 2 && body.stderr.contains("sends its messages with 'send' steps"), "\(body.all)")
    }
}
