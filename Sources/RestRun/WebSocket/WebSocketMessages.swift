/// A WebSocket exchange's messages as its result keeps them (redacted): each sent, received or
/// the close, in order, written as the reports write events (`sent`, `received`, `closed`).
package struct WebSocketMessages: ExchangeDetails {
    /// The messages.
    package var messages: EventLog

    /// Details of the `transcript`'s messages, redacted by `redactor`.
    package init(_ transcript: ConversationTranscript, redactor: Redactor) {
        messages = EventLog(transcript.lines.map(Self.event)).redacted(by: redactor)
    }

    /// A WebSocket has no first event to time.
    package var firstArrival: Duration? { nil }

    /// `events`, each `{event: sent | received | closed, data, id}`.
    package var reportMembers: [(String, DecodedValue)] {
        [("events", .array(messages.events.map { $0.value(includingJSON: true) }))]
    }

    /// `event 1: sent "hello"`, ...
    package func reportLines(limit: Int) -> (count: Int, noun: String, lines: [String]) {
        (messages.count, "message", (0..<min(messages.count, limit)).map { EventStreamText.line(messages[$0], number: $0 + 1) })
    }

    /// A transcript entry as the reports show it.
    private static func event(_ entry: ConversationTranscript.TranscriptLine) -> ServerSentEvent {
        switch (entry.sent, entry.message) {
        case let (false, .close(code, reason)): ServerSentEvent(type: "closed", data: ConversationMessage.closeText(code, reason))
        case let (false, .binary(bytes)): ServerSentEvent(type: "received", data: entry.message.shown + " " + String(decoding: bytes, as: UTF8.self))
        case (false, _): ServerSentEvent(type: "received", data: entry.message.shown)
        case (true, _): ServerSentEvent(type: "sent", data: entry.message.shown)
        }
    }
}
