/// A request ready to send: templates resolved, the URL absolute and its query appended.
public struct PreparedRequest: Sendable {
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
    /// The variables in force when the request was prepared.
    package var scope = Scope()
    /// The base URL the request's relative URL was joined to, if any.
    package var baseURL: String?
    /// Whether the response body is kept; when nothing reads it, it is counted and dropped as it
    /// arrives, so a large body costs no memory.
    public var keepsBody = true

    /// Creates a prepared request.
    public init(
        name: String, method: HTTPMethod = .get, url: String, headers: Headers = Headers(),
        removedHeaders: Set<String> = [], body: RequestBody? = nil, responseType: String? = nil,
        transport: TransportOptions = TransportOptions(), retry: RetryPolicy? = nil
    ) {
        self.name = name
        self.method = method
        self.url = url
        self.headers = headers
        self.removedHeaders = removedHeaders
        self.body = body
        self.responseType = responseType
        self.transport = transport
        self.retry = retry
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

    /// Prepares `request` with the variables in force.
    package init(_ request: some Request, baseURL: String? = nil, scope: Scope) {
        self.init(request, baseURL: baseURL)
        self.scope = scope
    }
}
