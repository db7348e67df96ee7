/// A request ready to send: templates resolved, the URL absolute and its query appended.
public struct PreparedRequest: Sendable {
    // The fields live in one shared box, copied only when a copy is changed: a request is passed
    // and copied about seven times between the runner and AsyncHTTPClient, and copying a dozen
    // fields each time (and destroying them) cost ~4k instructions a request. Fields are changed
    // only through `uniqueStorage()`, on a box no other request shares, so no access to one can
    // overlap another, and the runtime's exclusivity checks are off.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var method: HTTPMethod
        @exclusivity(unchecked) var url: String
        @exclusivity(unchecked) var headers: Headers
        @exclusivity(unchecked) var removedHeaders: Set<String>
        @exclusivity(unchecked) var body: RequestBody?
        @exclusivity(unchecked) var responseType: String?
        @exclusivity(unchecked) var transport: TransportOptions
        @exclusivity(unchecked) var retry: RetryPolicy?
        @exclusivity(unchecked) var fileHeaders: [(String, String)] = []
        @exclusivity(unchecked) var baseURL: String?
        @exclusivity(unchecked) var keepsBody: Bool = true

        init(name: String, method: HTTPMethod, url: String, headers: Headers, removedHeaders: Set<String>, body: RequestBody?, responseType: String?, transport: TransportOptions, retry: RetryPolicy?) {
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

        func copy() -> Storage {
            let copy = Storage(name: name, method: method, url: url, headers: headers, removedHeaders: removedHeaders, body: body, responseType: responseType, transport: transport, retry: retry)
            copy.fileHeaders = fileHeaders
            copy.baseURL = baseURL
            copy.keepsBody = keepsBody
            return copy
        }
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The request's name, for output.
    public var name: String {
        get { storage.name }
        _modify { yield &uniqueStorage().name }
    }
    /// The method.
    public var method: HTTPMethod {
        get { storage.method }
        _modify { yield &uniqueStorage().method }
    }
    /// The absolute URL with the query.
    public var url: String {
        get { storage.url }
        _modify { yield &uniqueStorage().url }
    }
    /// The request's own headers; delegates add theirs under these.
    public var headers: Headers {
        get { storage.headers }
        _modify { yield &uniqueStorage().headers }
    }
    /// Lower-cased names of headers the request removes (a `null` value in YAML), even when a
    /// delegate supplies them.
    public var removedHeaders: Set<String> {
        get { storage.removedHeaders }
        _modify { yield &uniqueStorage().removedHeaders }
    }
    /// The body.
    public var body: RequestBody? {
        get { storage.body }
        _modify { yield &uniqueStorage().body }
    }
    /// The decoder to use on the response.
    public var responseType: String? {
        get { storage.responseType }
        _modify { yield &uniqueStorage().responseType }
    }
    /// Timeouts, redirects, TLS checking and the body limit, defaults already applied.
    public var transport: TransportOptions {
        get { storage.transport }
        _modify { yield &uniqueStorage().transport }
    }
    /// How failed attempts are retried (`RetryDelegate` reads it); nil retries nothing.
    public var retry: RetryPolicy? {
        get { storage.retry }
        _modify { yield &uniqueStorage().retry }
    }
    /// The headers (and `auth:`) of the request's file, rendered when it was prepared; they come
    /// under every delegate's and the request's own (see `HeaderMerge`).
    package var fileHeaders: [(String, String)] {
        get { storage.fileHeaders }
        _modify { yield &uniqueStorage().fileHeaders }
    }
    /// The base URL the request's relative URL was joined to, if any.
    package var baseURL: String? {
        get { storage.baseURL }
        _modify { yield &uniqueStorage().baseURL }
    }
    /// Whether the response body is kept; when nothing reads it, it is counted and dropped as it
    /// arrives, so a large body costs no memory.
    public var keepsBody: Bool {
        get { storage.keepsBody }
        _modify { yield &uniqueStorage().keepsBody }
    }

    /// Creates a prepared request.
    public init(
        name: String, method: HTTPMethod = .get, url: String, headers: Headers = Headers(),
        removedHeaders: Set<String> = [], body: RequestBody? = nil, responseType: String? = nil,
        transport: TransportOptions = TransportOptions(), retry: RetryPolicy? = nil
    ) {
        storage = Storage(
            name: name, method: method, url: url, headers: headers, removedHeaders: removedHeaders, body: body,
            responseType: responseType, transport: transport, retry: retry)
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
