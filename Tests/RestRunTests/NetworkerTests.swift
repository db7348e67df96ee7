import OrderedCollections
import RestRun
import RestRunMock
import RestRunTestSupport
import Synchronization
import Testing

/// The real `Networker` against the real mock server on 127.0.0.1.
@Suite("Networker over HTTP on 127.0.0.1")
struct NetworkerTests {
    static let routes = """
        routes:
          - path: /echo
            method: "*"
            echo: true
          - path: /flaky
            method: "*"
            responses:
              - { status: 503 }
              - { status: 503 }
              - { status: 200, json: { ok: true } }
          - path: /slow
            delay: 2s
            text: late
          - path: /big
            text: "0123456789012345678901234567890123456789"
          - path: /moved
            status: 302
            headers: { Location: /echo }
        """

    func withServer<T: Sendable>(_ body: (MockServer) async throws -> T) async throws -> T {
        try await MockServer.serving(Self.routes, body)
    }

    /// Counts attempts and records merged headers, to prove the delegate hooks run.
    final class Recorder: NetworkingDelegate {
        let attempts = Mutex<[Int]>([])
        let headers = Mutex<[Headers]>([])
        func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] {
            [("X-Attempt-Token", "fresh-\(attempts.withLock { $0.count + 1 })")]
        }
        func networking(_ networking: any Networking, willSend request: PreparedRequest, attempt: Int) {
            attempts.withLock { $0.append(attempt) }
            headers.withLock { $0.append(request.headers) }
        }
    }

    @Test("file headers merge under delegates' and delegates' under the request's own; null removes; the body sets Content-Type")
    func headers() async throws {
        try await withServer { server in
            try await Networker.withHTTPClient { client in
                let delegate = HeaderProvider { _ in [("X-Removed", "gone"), ("X-Override", "delegate"), ("X-Plugin", "delegate")] }
                let networker = Networker(client: client, delegates: [delegate])
                var request = PreparedRequest(
                    name: "echo", method: .post, url: server.url + "/echo", headers: ["X-Override": "request"],
                    removedHeaders: ["x-removed"], body: .json(.object(["a": .integer(1)])))
                request.fileHeaders = [("X-Team", "core"), ("X-Override", "file"), ("X-Plugin", "file")]
                let response = try await networker.send(request)
                let echo = try JSONParser.parse(response.body)
                #expect(echo["headers"]?["x-team"] == .string("core"))
                #expect(echo["headers"]?["x-plugin"] == .string("delegate"))
                #expect(echo["headers"]?["x-override"] == .string("request"))
                #expect(echo["headers"]?["x-removed"] == nil)
                #expect(echo["headers"]?["content-type"] == .string("application/json"))
                #expect(echo["headers"]?["accept-encoding"] == .string("gzip, deflate"))
                #expect(echo["json"] == .object(["a": .integer(1)]))
                #expect(echo["method"] == .string("POST"))
            }
        }
    }

    @Test("the retry delegate retries 503 until it passes, asking for headers before every attempt")
    func retries() async throws {
        try await withServer { server in
            try await Networker.withHTTPClient { client in
                let recorder = Recorder()
                let networker = Networker(client: client, delegates: [recorder, RetryDelegate()])
                let request = PreparedRequest(
                    name: "flaky", url: server.url + "/flaky",
                    retry: RetryPolicy(attempts: 3, delay: .milliseconds(10)))
                let response = try await networker.send(request)
                #expect(response.status == 200)
                #expect(recorder.attempts.withLock { $0 } == [1, 2, 3])
                #expect(recorder.headers.withLock { $0.map { $0["X-Attempt-Token"] } } == ["fresh-1", "fresh-2", "fresh-3"])
            }
        }
    }

    @Test("POST is not retried unless the policy names it")
    func idempotentOnly() async throws {
        try await withServer { server in
            try await Networker.withHTTPClient { client in
                let networker = Networker(client: client, delegates: [RetryDelegate()])
                let request = PreparedRequest(
                    name: "flaky", method: .post, url: server.url + "/flaky",
                    retry: RetryPolicy(attempts: 3, delay: .milliseconds(10)))
                let status = try await networker.send(request).status
                #expect(status == 503)
            }
        }
    }

    @Test("a timeout, a refused connection and a body over the limit are clear NetworkErrors")
    func failures() async throws {
        try await withServer { server in
            try await Networker.withHTTPClient { client in
                let networker = Networker(client: client)
                await #expect {
                    try await networker.send(PreparedRequest(name: "slow", url: server.url + "/slow", transport: TransportOptions(timeout: .milliseconds(200))))
                } throws: { error in
                    (error as? NetworkError)?.kind == .timeout && (error as? NetworkError)?.message.hasSuffix("timed out after 200 ms") == true
                }
                await #expect {
                    try await networker.send(PreparedRequest(name: "big", url: server.url + "/big", transport: TransportOptions(maxBody: 10)))
                } throws: { error in
                    (error as? NetworkError)?.kind == .bodyTooLarge
                }
            }
        }
        let closed = ClosedPort()
        let port = closed.port
        _ = try await Networker.withHTTPClient { client in
            await #expect {
                try await Networker(client: client).send(PreparedRequest(name: "down", url: "http://127.0.0.1:\(port)/"))
            } throws: { error in
                (error as? NetworkError)?.message == "could not connect to 127.0.0.1:\(port): connection refused (is the server running, and on that port?)"
            }
        }
        withExtendedLifetime(closed) {}
    }

    @Test("a URL the client cannot take is a clear error, never a crash")
    func invalidURLs() async throws {
        try await Networker.withHTTPClient { client in
            let networker = Networker(client: client)
            for (url, reason) in [
                ("http://[::1]:99999/", "the port '99999' is not a number from 1 to 65535"),
                ("http://127.0.0.1:0/", "the port '0' is not a number from 1 to 65535"),
                ("http://example.test:80x/", "the port '80x' is not a number from 1 to 65535"),
                ("ftp://example.test/", "the scheme 'ftp' is not supported: use http or https"),
                ("http:///path", "the URL needs http:// or https:// and a host"),
            ] {
                await #expect {
                    try await networker.send(PreparedRequest(name: "bad", url: url))
                } throws: { error in
                    (error as? NetworkError)?.message == "cannot send to '\(url)': \(reason)"
                }
            }
        }
    }

    /// Supplies a header whose name is not an HTTP token.
    struct BadHeaderDelegate: NetworkingDelegate {
        let name: String
        func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] {
            [(name, "x")]
        }
    }

    @Test("one header-name rule: the check, its regular expression and its words agree on every character")
    func headerNameRule() throws {
        let pattern = try Regex("^" + HeaderName.pattern + "$")
        for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) + ["é", "€"] {
            let name = "X" + String(scalar)
            #expect(HeaderName.isValid(name) == ((try? pattern.wholeMatch(in: name)) != nil), "\(scalar.value)")
            let named = scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || HeaderName.punctuation.unicodeScalars.contains(scalar))
            #expect(HeaderName.isValid(name) == named, "\(scalar.value)")
        }
        #expect(!HeaderName.isValid(""))
    }

    @Test("a header name from a delegate that is not a token (even one beyond ASCII) is a clear error, never a crash")
    func invalidHeaderNames() async throws {
        try await withServer { server in
            try await Networker.withHTTPClient { client in
                for name in ["Hé", "X Bad", "X:Bad", "X\u{0}"] {
                    let networker = Networker(client: client, delegates: [BadHeaderDelegate(name: name)])
                    await #expect(throws: NetworkError.self, "\(name)") {
                        try await networker.send(PreparedRequest(name: "bad", url: server.url + "/echo"))
                    }
                }
            }
        }
    }

    @Test("redirects are not followed unless follow_redirects says so")
    func redirects() async throws {
        try await withServer { server in
            try await Networker.withHTTPClient { client in
                let networker = Networker(client: client)
                let unfollowed = try await networker.send(PreparedRequest(name: "moved", url: server.url + "/moved"))
                #expect(unfollowed.status == 302)
                let followed = try await networker.send(PreparedRequest(name: "moved", url: server.url + "/moved", transport: TransportOptions(followRedirects: 5)))
                #expect(followed.status == 200)
                #expect(followed.url == server.url + "/echo")
            }
        }
    }
}
