/// A request ready to send: templates resolved, the URL absolute and its query appended.
public struct PreparedRequest: Sendable {
    // The fields live in one copy-on-write box (see `CopyOnWrite`); each field declared with an
    // access level gets an accessor of that level, generated into the `+Fields.swift` file beside
    // this one (`REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor`).
    struct PreparedFields: Sendable {
        /// The request's name, for output.
        public var name: String
        /// The method.
        public var method: HTTPMethod
        /// The absolute URL with the query.
        public var url: String
        /// The request's own headers; delegates add theirs under these.
        public var headers: Headers
        /// Lower-cased names of headers the request removes (a `null` value in YAML), even when a
        /// delegate supplies them.
        public var removedHeaders: Set<String>
        /// The body.
        public var body: RequestBody?
        /// The decoder to use on the response.
        public var responseType: String?
        /// Timeouts, redirects, TLS checking and the body limit, defaults already applied.
        public var transport: TransportOptions
        /// How failed attempts are retried (`RetryDelegate` reads it); nil retries nothing.
        public var retry: RetryPolicy?
        /// The headers (and `auth:`) of the request's file, rendered when it was prepared; they come
        /// under every delegate's and the request's own (see `HeaderMerge`).
        package var fileHeaders: [(String, String)] = []
        /// The base URL the request's relative URL was joined to, if any.
        package var baseURL: String?
        /// Whether the response body is kept; when nothing reads it, it is counted and dropped as it
        /// arrives, so a large body costs no memory.
        public var keepsBody: Bool = true
        /// An `auth:` applied while sending: OAuth 2.0, AWS SigV4 or Digest (see `SendingAuth`).
        package var auth: (any SendingAuth)?
        /// How an attempt goes on the wire when it is not a plain HTTP exchange (an event stream, a
        /// WebSocket handshake); set by the kind of exchange that prepared the request.
        package var wire: (any WireExchange)?
    }

    final class Box: CopyOnWriteBox {
        var value: PreparedFields
        init(_ value: PreparedFields) { self.value = value }
    }

    var storage: CopyOnWrite<Box>

    /// Creates a prepared request.
    public init(
        name: String, method: HTTPMethod = .get, url: String, headers: Headers = Headers(),
        removedHeaders: Set<String> = [], body: RequestBody? = nil, responseType: String? = nil,
        transport: TransportOptions = TransportOptions(), retry: RetryPolicy? = nil
    ) {
        storage = CopyOnWrite(PreparedFields(
            name: name, method: method, url: url, headers: headers, removedHeaders: removedHeaders, body: body,
            responseType: responseType, transport: transport, retry: retry))
    }

    /// Prepares any `Request`: joins its URL to `baseURL` (or the request's own base URL) when it is
    /// relative and appends its query.
    public init(_ request: some Request, baseURL: String? = nil) {
        self.init(
            name: request.name, method: request.method,
            url: URLBuilder.join(base: baseURL ?? request.baseURL, request.url, query: request.query),
            headers: Headers(request.headers), removedHeaders: Set(request.removedHeaders.map { $0.lowercased() }),
            body: request.body, responseType: request.responseType, transport: request.transport, retry: request.retry)
    }
}
