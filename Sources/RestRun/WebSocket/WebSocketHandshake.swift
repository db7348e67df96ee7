import NIOHTTP1
/// A WebSocket request's attempt: the opening handshake, whose 101 response carries the open
/// connection as its conversation.
package struct WebSocketHandshake: WireExchange {
    /// A handshake.
    package init() {}

    package func exchange(_ request: PreparedRequest, through wire: WireContext) async throws -> Response {
        let start = ContinuousClock.now
        let connection = try await WebSocketConnection.open(
            url: request.url, headers: request.headers.fields.map { ($0.name, $0.value) }, transport: request.transport,
            tls: wire.tls(for: request), maxMessage: request.transport.effectiveMaxBody, deadline: wire.deadline)
        var response = Response(
            status: Int(connection.head.status.code), reason: connection.head.status.reasonPhrase,
            headers: Headers(connection.head.headers), url: request.url, duration: ContinuousClock.now - start)
        response.conversation = connection
        return response
    }
}
