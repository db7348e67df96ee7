import RestRun
import RestRunTestSupport
import Testing

/// A hand-written `Request` can say everything a YAML request does, header removal included.
@Suite("The Request protocol")
struct RequestProtocolTests {
    struct Quiet: Request {
        var url: String { "http://127.0.0.1:1/quiet" }
        var headers: [(String, String)] { [("X-Own", "1")] }
        var removedHeaders: Set<String> { ["User-Agent", "X-Plugin"] }
    }

    @Test("removed headers are dropped whoever supplies them")
    func removedHeaders() async throws {
        let prepared = PreparedRequest(Quiet())
        #expect(prepared.removedHeaders == ["user-agent", "x-plugin"])
        let plugin = HeaderProvider { _ in [("X-Plugin", "p"), ("X-Other", "o")] }
        let merged = try await HeaderMerge.merge(prepared, delegates: [plugin], networking: MockNetworking())
        #expect(merged.headers["User-Agent"] == nil)
        #expect(merged.headers["X-Plugin"] == nil)
        #expect(merged.headers["X-Other"] == "o")
        #expect(merged.headers["X-Own"] == "1")
    }
}
