/// An event stream's events as a step's result keeps them (redacted), with when the first arrived.
package struct ReceivedEvents: ExchangeDetails {
    /// The events.
    package var events: EventLog
    /// The time from sending to the first event, when one arrived.
    package var firstArrival: Duration?

    /// Details of `events`.
    package init(events: EventLog, firstArrival: Duration?) {
        self.events = events
        self.firstArrival = firstArrival
    }

    /// `first_event_ms` and `events`, each `{event, data, id, json}`.
    package var reportMembers: [(String, DecodedValue)] {
        var members: [(String, DecodedValue)] = []
        if let firstArrival { members.append(("first_event_ms", .number((firstArrival.milliseconds * 1000).rounded() / 1000))) }
        members.append(("events", .array(events.events.map { $0.value(includingJSON: true) })))
        return members
    }

    /// `event 1: message "hello"`, ...
    package func reportLines(limit: Int) -> (count: Int, noun: String, lines: [String]) {
        (events.count, "event", (0..<min(events.count, limit)).map { EventStreamText.line(events[$0], number: $0 + 1) })
    }
}
