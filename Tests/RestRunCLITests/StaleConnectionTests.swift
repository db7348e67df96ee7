import Foundation
import RestRunTestSupport
import Testing

/// A server that closes every connection a moment after its answer, without `Connection: close`
/// (one request per connection, or a keep-alive timeout shorter than the gap between requests):
/// a request that goes out on such a kept connection is sent again on a new one, as curl does,
/// and every request passes; a new connection that closes early is still an error.
@Suite("stale kept-alive connections")
struct StaleConnectionTests {
    let binary = BinaryRunner()

    static func requests(_ port: Int) -> String {
        """
        base_url: http://127.0.0.1:\(port)
        requests:
          - name: repeated
            url: /ok
            repeat: 5
            expect: { status: 200, json: { $.ok: true } }
          - { name: one, url: /ok, expect: { status: 200 } }
          - { name: two, method: POST, url: /ok, json: { n: 2 }, expect: { status: 200 } }
          - { name: three, method: DELETE, url: /ok, expect: { status: 200 } }
          - name: events
            url: /sse-complete
            stream: { events: true }
            repeat: 3
            expect: { events: { "$[*]": { count: 2 }, "$[1].data": two } }
          - { name: after events, url: /ok, expect: { status: 200 } }
          - name: socket
            url: ws://127.0.0.1:\(port)/ws-headers
            repeat: 2
            websocket:
              - receive: { expect: { body: { contains: "Host:" } } }
          - { name: after socket, url: /ok, expect: { status: 200 } }

        """
    }

    @Test("HTTP, event streams and WebSocket handshakes, with repeat: and in a row: every request passes, and -v says why one went out twice")
    func sequential() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let (_, output) = try await binary.runFile(Self.requests(server.port), ["-v"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("8 passed, 0 failed"), "\(output.stdout)")
        #expect(output.stderr.contains("closed a reused connection before answering: sending the request again on a new connection"), "\(output.stderr)")
        #expect(!output.stdout.contains("attempts)"), "a resend is not an attempt of retry: \(output.stdout)")
    }

    @Test("under --jobs, several files at once: every request passes")
    func parallel() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let files = try (1...4).map { try BinaryRunner.temporaryFile("stale\($0).yaml", Self.requests(server.port)) }
        for jobs in ["2", "4"] {
            let output = try await binary.run(files + ["--jobs", jobs])
            #expect(output.status == 0, "--jobs \(jobs): \(output.all)")
            #expect(output.stdout.contains("32 passed, 0 failed"), "--jobs \(jobs): \(output.stdout)")
        }
    }

    @Test("requests with bodies to a server that answers on the head and closes at once: every one passes, nothing crashes")
    func answeredBeforeTheBody() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        // The answer is complete before the body has gone out, and the close follows at once:
        // AsyncHTTPClient trapped when the close came between the body's last write and the
        // pool hearing that the connection was free (a few runs in ten, under --jobs).
        let pad = String(repeating: "x", count: 2000)
        let requests = (0..<30).map { "  - { name: post \($0), method: POST, url: /answer-and-close, json: { n: \($0), pad: \(pad) }, expect: { status: 200 } }" }
        let text = "base_url: http://127.0.0.1:\(server.port)\nrequests:\n" + requests.joined(separator: "\n") + "\n"
        let files = try (1...4).map { try BinaryRunner.temporaryFile("early\($0).yaml", text) }
        for round in 1...4 {
            let output = try await binary.run(files + ["--jobs", "4"])
            #expect(output.status == 0 && output.stdout.contains("120 passed, 0 failed"), "round \(round): \(output.all)")
        }
    }

    @Test("a new connection that closes before answering is the plain error, sent once")
    func newConnection() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let (_, output) = try await binary.runFile(
            "requests:\n  - url: http://127.0.0.1:\(server.port)/reset-before\n    repeat: 2\n", ["-v"])
        #expect(output.status == 3, "\(output.all)")
        #expect(output.stdout.contains("reset the connection before the response was complete"), "\(output.stdout)")
        #expect(!output.stderr.contains("reused connection"), "\(output.stderr)")
        #expect(output.stderr.components(separatedBy: "> GET ").count == 2, "one request, sent once: \(output.stderr)")
    }
}
