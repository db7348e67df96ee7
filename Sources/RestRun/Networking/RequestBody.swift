/// A request body as bytes, so a retry can send it again, with the Content-Type it implies.
public struct RequestBody: Sendable, Equatable {
    /// The bytes sent.
    public var bytes: [UInt8]
    /// The Content-Type sent when the request sets none.
    public var contentType: String?

    /// Creates a body.
    public init(bytes: [UInt8], contentType: String?) {
        self.bytes = bytes
        self.contentType = contentType
    }

    /// A JSON body (`application/json`).
    public static func json(_ value: DecodedValue) -> RequestBody {
        RequestBody(bytes: value.jsonBytes, contentType: "application/json")
    }

    /// A text body (`text/plain; charset=utf-8`).
    public static func text(_ text: String) -> RequestBody {
        RequestBody(bytes: Array(text.utf8), contentType: "text/plain; charset=utf-8")
    }
}
