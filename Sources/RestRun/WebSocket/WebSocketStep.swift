/// One step of a request's `websocket:` exchange, with where it was written.
package struct WebSocketStep: Sendable {
    /// What the step does.
    package enum Action: Sendable {
        /// `send: { text }`: a text message (a template).
        case sendText(Template)
        /// `send: { json }`: a text message holding JSON (templates keep their types).
        case sendJSON(ValueTemplate)
        /// `send: { base64 }`: a binary message.
        case sendBinary([UInt8])
        /// `receive:`: the next message, checked and captured as a response body is.
        case receive(expectations: [Expectation], captures: [Capture], within: Duration?)
        /// `close: { code, reason }`: the client closes.
        case close(code: Int, reason: String)
        /// `expect_close: { code }`: the server closes, with this code when given.
        case expectClose(code: Int?, within: Duration?)
    }

    /// What it does.
    package var action: Action
    /// Where it was written.
    package var location: SourceLocation?

    /// Creates a step.
    package init(_ action: Action, location: SourceLocation?) {
        self.action = action
        self.location = location
    }

    /// The longest a `receive` or `expect_close` waits when it gives no `within`.
    package static let defaultWithin: Duration = .seconds(10)
}
