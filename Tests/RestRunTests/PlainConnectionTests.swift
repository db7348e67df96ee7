import Foundation
import NIOCore
import NIOPosix
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing
import RestRunEventLoops

/// rest-run's own HTTP/1.1 connections (`rest-run load`'s) against AsyncHTTPClient's, request by
/// request: the same answer, or the same failure in the same words, from a hostile server and from
/// the mock server's echo.
@Suite("rest-run's own HTTP/1.1 connections")
struct PlainConnectionTests {
    /// Every way the fault server misbehaves over plain HTTP, and two ways it behaves.
    static let faultPaths = [
        "/ok", "/set-cookie", "/not-there", "/reset-before", "/reset-during", "/close-mid-headers", "/short-body",
        "/bad-chunk", "/endless-chunked", "/gzip-bomb", "/bad-gzip", "/cut-gzip", "/slow-headers", "/slow-body",
        "/never-answer", "/redirect-loop", "/invalid-utf8", "/huge-header", "/many-headers", "/conflicting-length",
        "/bad-status", "/negative-length", "/word-length", "/bad-version", "/garbage", "/sse-complete", "/sse-split", "/sse-early-close",
    ]

    /// Runs `body` with its tasks on the event loop of a group of its own, as a run's tasks are
    /// (`RunSession`): the suite's other tests keep the shared cooperative threads busy, and a
    /// task resumed there can wait seconds after its deadline was set.
    static func onOwnLoop<T: Sendable>(_ body: @Sendable (any EventLoopGroup) async throws -> T) async throws -> T {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let result = try await withTaskExecutorPreference(EventLoopExecutor(group.next())) { try await body(group) }
            try await group.shutdownGracefully()
            return result
        } catch {
            try await group.shutdownGracefully()
            throw error
        }
    }

    /// A run's client settings, with or without rest-run's own connections.
    static func settings(own: Bool) -> ClientSettings {
        var settings = ClientSettings()
        settings.ownConnections = own
        return settings
    }

    /// What `request` came to, sent through a run's clients with or without rest-run's own connections.
    static func outcome(of request: PreparedRequest, own: Bool) async throws -> String {
        let settings = settings(own: own)
        return try await onOwnLoop { group in try await HTTPClientPool.with(settings, eventLoopGroup: group) { pool in
            do {
                let response = try await Networker(pool: pool).send(request)
                let headers = response.headers.fields.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
                return "\(response.status) \(response.reason) HTTP/\(response.version) \(headers) \(response.bodySize) bytes: "
                    + String(decoding: response.body, as: UTF8.self)
            } catch let error as NetworkError {
                return "\(error.kind): \(error.message)"
            }
        } }
    }

    @Test("every answer and every failure of the fault server is the same as through AsyncHTTPClient")
    func faultServer() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        for path in Self.faultPaths {
            // Long enough for a loaded machine, but for the paths that are meant to time out.
            let timeout: Duration = ["/slow-headers", "/slow-body", "/never-answer"].contains(path) ? .milliseconds(800) : .seconds(60)
            let request = PreparedRequest(name: path, url: server.url + path, transport: TransportOptions(timeout: timeout, maxBody: 1_000_000))
            let own = try await Self.outcome(of: request, own: true)
            let theirs = try await Self.outcome(of: request, own: false)
            // A reset reaches NIO as a read error or as a hang-up, whichever comes first, for either client.
            let sameWords = { (text: String) in text.replacingOccurrences(of: " reset the connection", with: " closed the connection") }
            #expect(sameWords(own) == sameWords(theirs), "\(path)")
        }
    }

    @Test("methods, bodies, queries and headers reach the server as AsyncHTTPClient sends them")
    func echo() async throws {
        let routes = """
            routes:
              - { path: /echo, method: "*", echo: true }
            """
        try await MockServer.serving(routes) { server in
            let requests = [
                PreparedRequest(name: "get", url: server.url + "/echo?a=1&b=%20two", headers: ["X-One": "1", "Accept": "*/*"]),
                PreparedRequest(name: "post", method: .post, url: server.url + "/echo", headers: ["Content-Type": "application/json"],
                                body: RequestBody(bytes: Array("{\"n\": 1}".utf8), contentType: "application/json")),
                PreparedRequest(name: "put empty", method: .put, url: server.url + "/echo", body: RequestBody(bytes: [], contentType: nil)),
                PreparedRequest(name: "delete", method: .delete, url: server.url + "/echo"),
                PreparedRequest(name: "head", method: .head, url: server.url + "/echo"),
                PreparedRequest(name: "no path", url: server.url + "?q=1"),
            ]
            for request in requests {
                let own = try await Self.outcome(of: request, own: true)
                let theirs = try await Self.outcome(of: request, own: false)
                #expect(own == theirs, "\(request.name)")
            }
        }
    }

    @Test("a header value with a line break is refused, not sent")
    func headerInjection() async throws {
        try await MockServer.serving("routes: [{ path: /echo, echo: true }]") { server in
            let request = PreparedRequest(name: "split", url: server.url + "/echo", headers: ["X-Split": "a\r\nX-Injected: yes"])
            let own = try await Self.outcome(of: request, own: true)
            #expect(own.hasPrefix("other: cannot send the header 'X-Split'"), "\(own)")
        }
    }

    @Test("one timer a connection keeps every request's own deadline, shorter or longer than the one before")
    func deadlines() async throws {
        let routes = """
            routes:
              - { path: /fast, text: fast }
              - { path: /slow, delay: 6s, text: slow }
            """
        try await MockServer.serving(routes) { server in
            let settings = Self.settings(own: true)
            try await Self.onOwnLoop { group in try await HTTPClientPool.with(settings, eventLoopGroup: group) { pool in
                let networker = Networker(pool: pool)
                func send(_ path: String, within timeout: Duration) async -> String {
                    let request = PreparedRequest(name: path, url: server.url + path, transport: TransportOptions(timeout: timeout))
                    do { return String(decoding: try await networker.send(request).body, as: UTF8.self) } catch let error as NetworkError {
                        return "\(error.kind)"
                    } catch { return "\(error)" }
                }
                // A long deadline armed first, then a shorter one on the same kept connection.
                #expect(await send("/fast", within: .seconds(30)) == "fast")
                #expect(await send("/slow", within: .milliseconds(500)) == "timeout")
                // A short deadline armed first, then a request that outlives it within its own.
                #expect(await send("/fast", within: .seconds(5)) == "fast")
                #expect(await send("/slow", within: .seconds(30)) == "slow")
                #expect(await send("/fast", within: .seconds(5)) == "fast")
            } }
        }
    }
}

extension PlainConnectionTests {
    @Test("bodies of equal length go out as written, one after the other on one kept connection")
    func equalLengthBodies() async throws {
        let server = try KeepAliveEchoServer()
        defer { server.stop() }
        let settings = Self.settings(own: true)
        try await Self.onOwnLoop { group in try await HTTPClientPool.with(settings, eventLoopGroup: group) { pool in
            let networker = Networker(pool: pool)
            var connections: Set<String> = []
            for body in ["{\"id\":\"aaaa\"}", "{\"id\":\"bbbb\"}", "{\"id\":\"aaaa\"}", "{\"id\":\"cccc\"}"] {
                let request = PreparedRequest(name: "post", method: .post, url: server.url + "/items", headers: ["Content-Type": "application/json"],
                                              body: RequestBody(bytes: Array(body.utf8), contentType: "application/json"))
                let response = try await networker.send(request)
                #expect(String(decoding: response.body, as: UTF8.self) == body)
                connections.formUnion(response.headers.fields.filter { $0.name == "X-Connection" }.map(\.value))
            }
            #expect(connections == ["1"], "every request on the first connection: \(connections)")
        } }
    }
}
