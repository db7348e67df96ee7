import OrderedCollections

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
    package var value: DecodedValue { value(includingJSON: true) }

    /// The event's value; `json` is left out unless `includingJSON` (parsing every event's data
    /// costs more than reading the stream when nothing reads it).
    package func value(includingJSON: Bool) -> DecodedValue {
        // The keys are known to be unique: nothing is hashed.
        if includingJSON, Self.mayBeJSON(data), let json = try? JSONParser.parse(Array(data.utf8)) {
            return .object(OrderedDictionary(
                uncheckedUniqueKeys: Self.keysWithJSON, values: [.string(type), .string(data), .string(id), json]))
        }
        return .object(OrderedDictionary(uncheckedUniqueKeys: Self.keys, values: [.string(type), .string(data), .string(id)]))
    }

    private static let keys = ["event", "data", "id"]
    private static let keysWithJSON = ["event", "data", "id", "json"]

    /// Whether `data` can be JSON at all: its first character that is not white space starts a
    /// JSON value.
    private static func mayBeJSON(_ data: String) -> Bool {
        guard let first = data.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }) else { return false }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// The event with its texts redacted.
    package func redacted(by redactor: Redactor) -> ServerSentEvent {
        ServerSentEvent(type: redactor.redact(type), data: redactor.redact(data), id: redactor.redact(id), retry: retry)
    }
}
