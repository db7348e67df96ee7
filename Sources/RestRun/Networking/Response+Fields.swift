// Generated from `Response.ResponseFields` by
// `REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor`: change the fields, not this file.

extension Response {
    /// The status code.
    public var status: Int {
        get { storage.value.status }
        _modify { yield &storage.value.status }
    }
    /// The reason phrase, if the server sent one.
    public var reason: String {
        get { storage.value.reason }
        _modify { yield &storage.value.reason }
    }
    /// The header fields.
    public var headers: Headers {
        get { storage.value.headers }
        _modify { yield &storage.value.headers }
    }
    /// The body bytes (empty when the request did not keep its body).
    public var body: [UInt8] {
        get { storage.value.body }
        _modify { yield &storage.value.body }
    }
    /// How many body bytes arrived, kept or not.
    public var bodySize: Int {
        get { storage.value.bodySize }
        _modify { yield &storage.value.bodySize }
    }
    /// The URL that answered (after redirects).
    public var url: String {
        get { storage.value.url }
        _modify { yield &storage.value.url }
    }
    /// How long the request took, from sending to the last byte of the body.
    public var duration: Duration {
        get { storage.value.duration }
        _modify { yield &storage.value.duration }
    }
    /// The HTTP version that carried it: `"1.1"`, `"2"` or `"1.0"`.
    public var version: String {
        get { storage.value.version }
        _modify { yield &storage.value.version }
    }
    /// Every attempt, this one last (without their bodies): one for a request sent once.
    public var attempts: [Attempt] {
        get { storage.value.attempts }
        _modify { yield &storage.value.attempts }
    }
    /// What the request's kind of exchange received beyond the body (an event stream's events),
    /// read through the kind's own accessor (`stream`).
    package var received: (any ReceivedContent)? {
        get { storage.value.received }
        _modify { yield &storage.value.received }
    }
    /// The conversation the response opened (a WebSocket after its 101), or nil.
    public var conversation: (any Conversation)? {
        get { storage.value.conversation }
        _modify { yield &storage.value.conversation }
    }
    /// What went each way in `conversation`, kept by the networker for the reports.
    package var transcript: ConversationTranscript? {
        get { storage.value.transcript }
        _modify { yield &storage.value.transcript }
    }
}
