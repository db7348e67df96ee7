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

    /// The events, in order.
    package var events = EventLog()
    /// The time from sending to the first event.
    package var firstEvent: Duration?
    /// Why reading stopped.
    package var end = End.closed
    /// Whether the response was a `text/event-stream` at all (nothing is parsed otherwise).
    package var isEventStream = true

    /// Creates an empty stream.
    package init() {}

    /// The events as expectations read them: an array of `{event, data, id, json}`.
    package func value(includingJSON: Bool) -> DecodedValue {
        var values: [DecodedValue] = []
        values.reserveCapacity(events.count)
        for index in 0..<events.count { values.append(events[index].value(includingJSON: includingJSON)) }
        return .array(values)
    }
}

extension ReceivedStream: ReceivedContent {
    /// The events written back as a `text/event-stream`, as `EventLog.reportText(limit:)` writes
    /// them; nil when none arrived.
    package func reportText(limit: Int) -> String? {
        events.reportText(limit: limit)
    }
}
