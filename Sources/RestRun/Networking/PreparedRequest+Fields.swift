// Generated from `PreparedRequest.PreparedFields` by
// `REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor`: change the fields, not this file.

extension PreparedRequest {
    /// The request's name, for output.
    public var name: String {
        get { storage.value.name }
        _modify { yield &storage.value.name }
    }
    /// The method.
    public var method: HTTPMethod {
        get { storage.value.method }
        _modify { yield &storage.value.method }
    }
    /// The absolute URL with the query.
    public var url: String {
        get { storage.value.url }
        _modify { yield &storage.value.url }
    }
    /// The request's own headers; delegates add theirs under these.
    public var headers: Headers {
        get { storage.value.headers }
        _modify { yield &storage.value.headers }
    }
    /// Lower-cased names of headers the request removes (a `null` value in YAML), even when a
    /// delegate supplies them.
    public var removedHeaders: Set<String> {
        get { storage.value.removedHeaders }
        _modify { yield &storage.value.removedHeaders }
    }
    /// The body.
    public var body: RequestBody? {
        get { storage.value.body }
        _modify { yield &storage.value.body }
    }
    /// The decoder to use on the response.
    public var responseType: String? {
        get { storage.value.responseType }
        _modify { yield &storage.value.responseType }
    }
    /// Timeouts, redirects, TLS checking and the body limit, defaults already applied.
    public var transport: TransportOptions {
        get { storage.value.transport }
        _modify { yield &storage.value.transport }
    }
    /// How failed attempts are retried (`RetryDelegate` reads it); nil retries nothing.
    public var retry: RetryPolicy? {
        get { storage.value.retry }
        _modify { yield &storage.value.retry }
    }
    /// The headers (and `auth:`) of the request's file, rendered when it was prepared; they come
    /// under every delegate's and the request's own (see `HeaderMerge`).
    package var fileHeaders: [(String, String)] {
        get { storage.value.fileHeaders }
        _modify { yield &storage.value.fileHeaders }
    }
    /// The base URL the request's relative URL was joined to, if any.
    package var baseURL: String? {
        get { storage.value.baseURL }
        _modify { yield &storage.value.baseURL }
    }
    /// Whether the response body is kept; when nothing reads it, it is counted and dropped as it
    /// arrives, so a large body costs no memory.
    public var keepsBody: Bool {
        get { storage.value.keepsBody }
        _modify { yield &storage.value.keepsBody }
    }
    /// An `auth:` applied while sending: OAuth 2.0, AWS SigV4 or Digest (see `SendingAuth`).
    package var auth: (any SendingAuth)? {
        get { storage.value.auth }
        _modify { yield &storage.value.auth }
    }
    /// How an attempt goes on the wire when it is not a plain HTTP exchange (an event stream, a
    /// WebSocket handshake); set by the kind of exchange that prepared the request.
    package var wire: (any WireExchange)? {
        get { storage.value.wire }
        _modify { yield &storage.value.wire }
    }
}
