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

extension ReceivedStream {
    /// The events written back as a `text/event-stream` (`event:`, `id:`, `data:` lines, a blank
    /// line after each), up to about `limit` bytes: what the reports show of a body not kept.
    package func text(limit: Int) -> String {
        var text = ""
        for index in 0..<events.count where text.utf8.count < limit {
            let event = events[index]
            if event.type != "message" { text += "event: \(event.type)\n" }
            if !event.id.isEmpty { text += "id: \(event.id)\n" }
            for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
            text += "\n"
        }
        return text
    }
}
