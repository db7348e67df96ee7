import Foundation
import RestRunTestSupport
import Testing

/// The built binary against a server that misbehaves in every way the fault server knows: each case
/// ends within its timeout, with the right exit code and one plain sentence (no Swift or NIO names).
@Suite("rest-run against a hostile server")
struct HostileServerTests {
    let binary = BinaryRunner()

    struct Case: Sendable, CustomStringConvertible {
        var path: String
        var options: String = "{ timeout: 2s }"
        var scheme = "http"
        var status: Int32 = 3
        var says: String
        var extra = ""
        var description: String { path }
    }

    static let cases: [Case] = [
        Case(path: "/reset-before", says: "reset the connection before the response was complete"),
        Case(path: "/reset-during", says: "reset the connection before the response was complete"),
        Case(path: "/close-mid-headers", says: "closed the connection before the response was complete"),
        Case(path: "/short-body", says: "closed the connection before the response was complete"),
        Case(path: "/bad-chunk", says: "not valid HTTP: a chunk size is not a hexadecimal number"),
        Case(path: "/endless-chunked", options: "{ timeout: 10s, max_body: 1MB }", says: "larger than max_body (1 MB)"),
        Case(path: "/gzip-bomb", options: "{ timeout: 10s, max_body: 1MB }", says: "larger than max_body (1 MB)"),
        Case(path: "/bad-gzip", says: "is not valid gzip data (its Content-Encoding)"),
        Case(path: "/cut-gzip", says: "ends before its gzip data does"),
        Case(path: "/slow-headers", options: "{ timeout: 1s }", says: "timed out after 1 s"),
        Case(path: "/slow-body", options: "{ timeout: 1s }", says: "timed out after 1 s"),
        Case(path: "/never-answer", options: "{ timeout: 1s }", says: "timed out after 1 s"),
        Case(path: "/redirect-loop", options: "{ timeout: 2s, follow_redirects: 5 }", says: "too many redirects (5)"),
        Case(path: "/redirect-ftp", options: "{ timeout: 2s, follow_redirects: true }", says: "cannot send to 'ftp://127.0.0.1/file'"),
        Case(path: "/invalid-utf8", status: 4, says: "invalid UTF-8", extra: "    expect: { json: { $.name: x } }\n"),
        // Megabytes of header to read before the limit is known: more than 2 s on a loaded machine.
        Case(path: "/huge-header", options: "{ timeout: 15s }", says: "not valid HTTP: a header line or the header section is over the limit"),
        Case(path: "/many-headers", says: "not valid HTTP: a header line or the header section is over the limit"),
        Case(path: "/conflicting-length", says: "not valid HTTP: it has more than one Content-Length"),
        Case(path: "/bad-status", says: "not valid HTTP: its status line has no valid status code"),
        Case(path: "/negative-length", says: "not valid HTTP: its Content-Length is not a number"),
        Case(path: "/word-length", says: "not valid HTTP: its Content-Length is not a number"),
        Case(path: "/bad-version", says: "not valid HTTP: its status line does not start with a valid HTTP version"),
        Case(path: "/garbage", says: "not valid HTTP: its status line does not start with HTTP/"),
        Case(path: "/ok", scheme: "https", says: "does not speak TLS on that port"),
    ]

    /// Words that only a Swift or NIO error description would print.
    static let internals = ["NIO", "Error(", "errno", "HTTPClientError", "BoringSSL", "Optional(", "descriptor", "SocketAddress"]

    @Test("each fault ends in time with its exit code and one plain sentence", arguments: cases)
    func fault(_ fault: Case) async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let url = "\(fault.scheme)://127.0.0.1:\(server.port)\(fault.path)"
        let file = try BinaryRunner.temporaryFile("hostile.yaml", """
            requests:
              - name: hostile
                url: \(url)
                options: \(fault.options)

            """ + fault.extra)
        let start = ContinuousClock.now
        let output = try await binary.run([file])
        let elapsed = ContinuousClock.now - start
        #expect(output.status == fault.status, "\(output.all)")
        #expect(output.all.contains(fault.says), "\(output.all)")
        for word in Self.internals {
            #expect(!output.all.contains(word), "'\(word)' in: \(output.all)")
        }
        // A hang, not a slow start: every case ends by its own timeout (at most 10 s), and the
        // whole suite starts its binaries at once on two cores, which alone has taken 13 s.
        #expect(elapsed < .seconds(40), "took \(elapsed)")
    }
}
