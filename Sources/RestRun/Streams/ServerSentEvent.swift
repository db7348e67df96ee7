/// One event of a `text/event-stream` response, as the WHATWG HTML standard dispatches it.
package struct ServerSentEvent: Sendable, Equatable {
    /// The event type: `message` when the stream names none.
    package var type: String
    /// The data lines, joined with line feeds.
    package var data: String
    /// The last event ID when it was dispatched: carried over from earlier events, empty when none.
    package var id: String
    /// The reconnection time the stream last set (`retry:`), in milliseconds.
    package var retry: Int?

    /// Creates an event.
    package init(type: String = "message", data: String, id: String = "", retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event as expectations and captures read it: `{event, data, id, json}`, with `json`
    /// only when `data` is JSON.
    package var value: DecodedValue {
        var fields: [(String, DecodedValue)] = [("event", .string(type)), ("data", .string(data)), ("id", .string(id))]
        if let json = try? JSONParser.parse(Array(data.utf8)) { fields.append(("json", json)) }
        return .object(fromPairs: fields)
    }
}
