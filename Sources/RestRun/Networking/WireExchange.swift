package import NIOCore
package import NIOSSL

/// One attempt of a request that is not a plain HTTP exchange, carried out by its kind (a
/// WebSocket handshake opens a conversation). The networker calls it inside its attempt loop, so
/// headers, delegates, retries and the reports treat it as any request.
package protocol WireExchange: Sendable {
    /// Sends `request` (its headers already merged) and returns the response, by `deadline`.
    /// Throws a `NetworkError`.
    func exchange(_ request: PreparedRequest, tls: TLSConfiguration?, deadline: NIODeadline) async throws -> Response
}
