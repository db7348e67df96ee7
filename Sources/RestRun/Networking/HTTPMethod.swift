/// An HTTP method: the usual ones by name, or any upper-case token.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method as sent on the wire.
    public let rawValue: String

    /// Creates a method from an upper-case token (letters, digits, `-`, `_`); `nil` for anything else.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty,
              rawValue.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" })
        else { return nil }
        self.rawValue = rawValue
    }

    /// Creates a method from a literal, in upper case (`"post"` is `POST`). A literal that is no
    /// method token at all is kept as written, and sending it fails with a clear error: it never
    /// silently becomes another method.
    public init(stringLiteral value: String) {
        self = HTTPMethod(rawValue: value.uppercased()) ?? HTTPMethod(verified: value)
    }

    /// Whether the method is a valid token (upper-case letters, digits, `-`, `_`).
    public var isValid: Bool { HTTPMethod(rawValue: rawValue) != nil }

    /// `GET`
    public static let get = HTTPMethod(verified: "GET")
    /// `POST`
    public static let post = HTTPMethod(verified: "POST")
    /// `PUT`
    public static let put = HTTPMethod(verified: "PUT")
    /// `PATCH`
    public static let patch = HTTPMethod(verified: "PATCH")
    /// `DELETE`
    public static let delete = HTTPMethod(verified: "DELETE")
    /// `HEAD`
    public static let head = HTTPMethod(verified: "HEAD")
    /// `OPTIONS`
    public static let options = HTTPMethod(verified: "OPTIONS")

    private init(verified: String) { rawValue = verified }

    /// Whether sending the request twice has the same effect as once (RFC 9110, 9.2.2).
    public var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
    }

    /// The method's token.
    public var description: String { rawValue }
}
