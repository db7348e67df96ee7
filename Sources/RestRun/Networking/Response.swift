/// A response as the networker received it: status, headers and the whole (decompressed) body.
public struct Response: Sendable {
    // The fields live in one copy-on-write box (see `CopyOnWrite`); each field declared with an
    // access level gets an accessor of that level, generated into the `+Fields.swift` file beside
    // this one (`REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor`).
    struct ResponseFields: Sendable {
        /// The status code.
        public var status: Int
        /// The reason phrase, if the server sent one.
        public var reason: String
        /// The header fields.
        public var headers: Headers
        /// The body bytes (empty when the request did not keep its body).
        public var body: [UInt8]
        /// How many body bytes arrived, kept or not.
        public var bodySize: Int
        /// The URL that answered (after redirects).
        public var url: String
        /// How long the request took, from sending to the last byte of the body.
        public var duration: Duration
        /// The HTTP version that carried it: `"1.1"`, `"2"` or `"1.0"`.
        public var version: String = "1.1"
        /// Every attempt, this one last (without their bodies): one for a request sent once.
        public var attempts: [Attempt] = []
        /// What the request's kind of exchange received beyond the body (an event stream's events),
        /// read through the kind's own accessor (`stream`).
        package var received: (any ReceivedContent)?
        /// The conversation the response opened (a WebSocket after its 101), or nil.
        public var conversation: (any Conversation)?
        /// What went each way in `conversation`, kept by the networker for the reports.
        package var transcript: ConversationTranscript?
    }

    final class Box: CopyOnWriteBox {
        var value: ResponseFields
        init(_ value: ResponseFields) { self.value = value }
    }

    var storage: CopyOnWrite<Box>

    /// Creates a response.
    public init(status: Int, reason: String = "", headers: Headers = Headers(), body: [UInt8] = [], url: String = "", duration: Duration = .zero) {
        storage = CopyOnWrite(ResponseFields(
            status: status, reason: reason, headers: headers, body: body, bodySize: body.count, url: url, duration: duration))
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}
