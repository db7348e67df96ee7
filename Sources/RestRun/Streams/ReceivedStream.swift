/// What a request with `stream:` received: its events as expectations read them, when the first
/// arrived, and why the reading stopped.
package struct ReceivedStream: Sendable {
    /// Why reading stopped.
    package enum End: Sendable, Equatable {
        /// The server ended the response.
        case closed
        /// An event met `until:` (it is the last one kept).
        case untilMet
        /// `max_events` events arrived.
        case maxEvents
    }

    /// Each event's `{event, data, id, json}`, in order.
    package var events: [DecodedValue] = []
    /// The time from sending to the first event.
    package var firstEvent: Duration?
    /// Why reading stopped.
    package var end = End.closed
    /// Whether the response was a `text/event-stream` at all (nothing is parsed otherwise).
    package var isEventStream = true

    /// Creates an empty stream.
    package init() {}
}
