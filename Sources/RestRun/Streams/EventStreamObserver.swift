/// A networking delegate that watches a stream's events as they arrive (`-v`).
package protocol EventStreamObserver: Sendable {
    /// What to call with each event of `request`'s stream and its number (from 1), and first with
    /// the status line as the data of an event numbered 0; asked in the request's task, called on the
    /// connection's event loop.
    func eventObserver(for request: PreparedRequest) -> @Sendable (_ event: ServerSentEvent, _ number: Int) -> Void
}
