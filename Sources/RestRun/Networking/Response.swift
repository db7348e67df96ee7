/// A response as the networker received it: status, headers and the whole (decompressed) body.
public struct Response: Sendable {
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
    /// Every attempt, this one last (without their bodies): one for a request sent once.
    public var attempts: [Attempt] = []

    /// Creates a response.
    public init(status: Int, reason: String = "", headers: Headers = Headers(), body: [UInt8] = [], url: String = "", duration: Duration = .zero) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.bodySize = body.count
        self.url = url
        self.duration = duration
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}
