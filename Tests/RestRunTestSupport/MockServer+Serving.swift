public import RestRunMock

extension MockServer {
    /// Serves `routes` (a routes file's YAML) on 127.0.0.1 while `body` runs, then shuts down.
    public static func serving<T: Sendable>(_ routes: String, _ body: (MockServer) async throws -> T) async throws -> T {
        try await serving(responder: MockRouter(routes: try MockRoutes.load(text: routes, path: "routes.yaml")), body)
    }

    /// Serves what `responder` answers on 127.0.0.1 while `body` runs, then shuts down.
    package static func serving<T: Sendable>(responder: any MockResponder, _ body: (MockServer) async throws -> T) async throws -> T {
        let server = try await MockServer.start(responder: responder)
        do {
            let value = try await body(server)
            await server.shutdown()
            return value
        } catch {
            await server.shutdown()
            throw error
        }
    }
}
