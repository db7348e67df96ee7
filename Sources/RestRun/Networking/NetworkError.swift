/// Why a request got no usable response: the runtime errors behind exit code 3.
public struct NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A kind of failure. Compare kinds with `==` (`error.kind == .timeout`); more kinds may be
    /// added without breaking code that uses these, as AsyncHTTPClient's errors grow.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Code: String, Sendable, Hashable {
            case connectionRefused = "connection refused", connectTimeout = "connect timeout", timeout
            case tls = "TLS", bodyTooLarge = "body too large", invalidURL = "invalid URL"
            case hostNotFound = "host not found", connectionClosed = "connection closed"
            case protocolError = "protocol error", tooManyRedirects = "too many redirects", other
            case invalidRequest = "invalid request"
        }

        private let code: Code
        private init(_ code: Code) { self.code = code }

        /// Nothing listens at the address.
        public static let connectionRefused = Kind(.connectionRefused)
        /// Connecting took longer than the connect timeout.
        public static let connectTimeout = Kind(.connectTimeout)
        /// The request took longer than its timeout.
        public static let timeout = Kind(.timeout)
        /// The TLS handshake failed.
        public static let tls = Kind(.tls)
        /// The response body was larger than `max_body`.
        public static let bodyTooLarge = Kind(.bodyTooLarge)
        /// The URL cannot be sent (no scheme, no host, a port out of range).
        public static let invalidURL = Kind(.invalidURL)
        /// The host name did not resolve.
        public static let hostNotFound = Kind(.hostNotFound)
        /// The connection broke off.
        public static let connectionClosed = Kind(.connectionClosed)
        /// The server's answer was not valid HTTP (a bad status line, conflicting lengths, a bad chunk).
        public static let protocolError = Kind(.protocolError)
        /// A redirect chain longer than `follow_redirects` allows.
        public static let tooManyRedirects = Kind(.tooManyRedirects)
        /// Anything else.
        public static let other = Kind(.other)
        /// The request does not fit what the server declares (a gRPC message checked against the
        /// descriptors its reflection service sent): a mistake in the request file, exit code 2.
        public static let invalidRequest = Kind(.invalidRequest)

        /// The kind in words: `connection refused`, `timeout`, ...
        public var description: String { code.rawValue }
    }

    /// What kind of failure.
    public var kind: Kind
    /// One sentence for the user.
    public var message: String
    /// Every attempt when the request was retried, this one last; empty for a single attempt.
    public var attempts: [Attempt] = []
    /// Lines shown under the message (an event stream's events so far).
    package var notes: [String] = []
    /// Where in the request file the failure is, when it is a mistake there (`invalidRequest`).
    package var location: SourceLocation?
    /// What the request's kind of exchange received before it failed (an event stream's
    /// events), read through the kind's own accessor (`events`).
    package var received: (any ReceivedContent)?
    /// The request went out on a reused connection that the server closed before any byte of an
    /// answer: the networker sends it again on another connection, and `-v` says so.
    package var closedUnanswered = false

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The same kind and message.
    public static func == (lhs: NetworkError, rhs: NetworkError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }
}
