package import RestRun

/// What answers the mock server's requests: canned routes (`MockRouter`) or an OpenAPI spec
/// (`SpecMock`).
package protocol MockResponder: Sendable {
    /// The reply to one request.
    func reply(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply
    /// How many requests it has answered.
    var requestsServed: Int { get }
    /// Whether replies are gzip-compressed when the client accepts it.
    var compresses: Bool { get }
    /// `3 routes`, `5 operations of specs/api.yaml`: what `rest-run mock` says it serves.
    var summary: String { get }
    /// What to do with a WebSocket upgrade of `uri`, or nil to refuse it.
    func webSocket(for uri: String) -> MockWebSocket?
    /// What loading let pass (a spec's places that break OpenAPI, the operations left out).
    var warnings: [Diagnostic] { get }
}

extension MockResponder {
    /// No WebSocket routes.
    package func webSocket(for uri: String) -> MockWebSocket? { nil }
    /// Nothing let pass.
    package var warnings: [Diagnostic] { [] }
}

/// Reads what `--mock` and `rest-run mock` serve: an OpenAPI document (one with an `openapi:`
/// key) or a routes file.
package enum MockSource {
    /// The responder for the file at `path`.
    package static func load(path: String, strict: Bool = false) throws(DiagnosticList) -> any MockResponder {
        if isOpenAPI(path) {
            return SpecMock(spec: try OpenAPISpec.load(path: path, strict: strict))
        }
        return MockRouter(routes: try MockRoutes.load(path: path))
    }

    /// The responder for the file at `path`, loaded on a thread that may block (its GraphQL
    /// schemas are built by the helper, and waited for).
    package static func load(path: String, strict: Bool = false) async throws(DiagnosticList) -> any MockResponder {
        let loaded = await BlockingWork.run { Result { () throws(DiagnosticList) in try load(path: path, strict: strict) } }
        return try loaded.get()
    }

    /// Whether the file is an OpenAPI (or Swagger) document: a top-level `openapi:` or `swagger:`
    /// whose value is a version number (a request file's `openapi:` names a file instead).
    package static func isOpenAPI(_ path: String) -> Bool {
        FileKind.of(path: path) == .openAPI
    }
}
