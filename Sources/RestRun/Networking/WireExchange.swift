package import NIOCore
package import NIOSSL

/// One attempt of a request that is not a plain HTTP exchange, carried out by its kind (an event
/// stream read as it arrives, a WebSocket handshake that opens a conversation). The networker
/// calls it inside its attempt loop, so headers, delegates, retries and the reports treat it as
/// any request.
package protocol WireExchange: Sendable {
    /// How long one attempt may take, when the kind sets its own limit (else the request's timeout).
    var timeout: Duration? { get }
    /// Whether `retry:` retries the exchange whatever its HTTP method (a gRPC call has none).
    var retriesAnyMethod: Bool { get }
    /// Whether rest-run's default headers (`User-Agent`, `Accept`, `Accept-Encoding`) are sent:
    /// not as a gRPC call's metadata.
    var sendsDefaultHeaders: Bool { get }
    /// The lines `-v` shows for what an attempt sends, when the kind shows its own (a gRPC call's
    /// metadata and messages); nil shows it as an HTTP request.
    func logLines(sending request: PreparedRequest, redactor: Redactor) -> [String]?
    /// The lines `-v` shows for what came back, when the kind shows its own.
    func logLines(receiving response: Response, duration: Duration, redactor: Redactor) -> [String]?
    /// The command `--dry-run` prints for the attempt, when the kind has its own tool (grpcurl for
    /// a gRPC call); nil prints a curl command.
    func command(for request: PreparedRequest, redactor: Redactor) -> String?
    /// Sends `request` (its headers already merged) through `wire` and returns the response.
    /// Throws a `NetworkError`.
    func exchange(_ request: PreparedRequest, through wire: WireContext) async throws -> Response
}

extension WireExchange {
    /// The request's own timeout.
    package var timeout: Duration? { nil }
    /// Only idempotent methods, unless the policy names others.
    package var retriesAnyMethod: Bool { false }
    /// They are.
    package var sendsDefaultHeaders: Bool { true }
    /// As an HTTP request.
    package func logLines(sending request: PreparedRequest, redactor: Redactor) -> [String]? { nil }
    /// As an HTTP response.
    package func logLines(receiving response: Response, duration: Duration, redactor: Redactor) -> [String]? { nil }
    /// A curl command.
    package func command(for request: PreparedRequest, redactor: Redactor) -> String? { nil }
}

/// What the networker lends a kind's attempt: the run's clients, its delegates and the deadline.
package struct WireContext: Sendable {
    /// The run's HTTP clients.
    let pool: HTTPClientPool
    /// The networker, as the delegates see it.
    package let networking: any Networking
    /// The networker's delegates, in order.
    package let delegates: [any NetworkingDelegate]
    /// When the attempt must be over.
    package let deadline: NIODeadline
    /// When the attempt started.
    package let start: ContinuousClock.Instant

    /// The TLS settings a connection of `request` needs beyond the system's (its CAs, a client
    /// certificate, `insecure`), or nil.
    package func tls(for request: PreparedRequest) -> TLSConfiguration? {
        request.transport.customizesTLS ? pool.tlsConfiguration(request.transport) : nil
    }
}
