/// Messages both ways after a response opened them (a WebSocket after its handshake). A
/// `Networking` returns one in `Response.conversation`; a test fake returns its own.
public protocol Conversation: Sendable {
    /// Sends one message; `.close` starts the closing handshake. Throws a `NetworkError` when
    /// the connection is gone.
    func send(_ message: ConversationMessage) async throws
    /// The next message to arrive, or nil when none does within `timeout`. The peer's close (or
    /// the connection's end, with no code) is a `.close` message, the last one. Throws a
    /// `NetworkError` when the peer broke the protocol.
    func next(within timeout: Duration) async throws -> ConversationMessage?
    /// Ends the conversation and lets its connection go, closing it without a handshake if it is
    /// still open.
    func end()
}
