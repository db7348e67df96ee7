/// Why a request got no usable response: the runtime errors behind exit code 3.
public struct NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure; new kinds may be added.
    public enum Kind: Sendable, Equatable {
        /// Nothing listens at the address.
        case connectionRefused
        /// Connecting took longer than the connect timeout.
        case connectTimeout
        /// The request took longer than its timeout.
        case timeout
        /// The TLS handshake failed.
        case tls
        /// The response body was larger than `max_body`.
        case bodyTooLarge
        /// The URL cannot be sent (no scheme, no host).
        case invalidURL
        /// The host name did not resolve.
        case hostNotFound
        /// The connection broke off.
        case connectionClosed
        /// The server's answer was not valid HTTP (a bad status line, conflicting lengths, a bad chunk).
        case protocolError
        /// A redirect chain longer than `follow_redirects` allows.
        case tooManyRedirects
        /// Anything else.
        case other
    }

    /// What kind of failure.
    public var kind: Kind
    /// One sentence for the user.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
