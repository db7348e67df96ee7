/// A mock route's `websocket:`: what the mock does once a client upgrades. `websocket: echo`
/// echoes each message; a mapping sends `on_open` messages first, answers each message with the
/// next of `replies` (the last repeats) or an echo, can ping first (`ping: true`: the pong is
/// reported as a text message `pong`), and closes with `close: {after, code, reason}`.
package struct MockWebSocket: Sendable {
    /// One message the mock sends.
    package enum Outgoing: Sendable {
        case text(String)
        case binary([UInt8])
    }

    /// Sent when the connection opens.
    package var onOpen: [Outgoing] = []
    /// Answers, one per message received (the last repeats); none: each message is echoed.
    package var replies: [Outgoing] = []
    /// Whether messages are echoed when there are no replies.
    package var echo = true
    /// Whether a ping is sent when the connection opens.
    package var ping = false
    /// Close after this many messages received (0: when the connection opens, after `on_open`).
    package var closeAfter: Int?
    /// The close frame's code and reason.
    package var closeCode = 1000
    package var closeReason = ""

    /// An echoing mock.
    package init() {}
}
