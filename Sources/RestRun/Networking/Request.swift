/// What a call needs: the protocol that YAML-declared requests and hand-written ones share.
///
/// Protocol extensions give the defaults, so a conformer states only what differs:
///
/// ```swift
/// struct ZenRequest: Request {
///     var baseURL: String? { "https://api.github.com" }
///     var url: String { "/zen" }
/// }
/// ```
public protocol Request: Sendable {
    /// A name for output and reports; default `METHOD url`.
    var name: String { get }
    /// The method; default `GET`.
    var method: HTTPMethod { get }
    /// The base URL a relative `url` is joined to; default none.
    var baseURL: String? { get }
    /// An absolute URL, or a path relative to the base URL.
    var url: String { get }
    /// Query items appended to the URL, percent-encoded; default none.
    var query: [(String, String)] { get }
    /// Headers of this request; default none.
    var headers: [(String, String)] { get }
    /// Headers this request removes, whoever would supply them (a file's `headers:`, a delegate,
    /// rest-run's defaults), in any case; default none. A YAML request's `Name: null` lands here.
    var removedHeaders: Set<String> { get }
    /// The body; default none.
    var body: RequestBody? { get }
    /// The name of the response decoder to use; default none.
    var responseType: String? { get }
    /// Timeouts, redirects, TLS checking and the body limit; default `TransportOptions()`.
    var transport: TransportOptions { get }
    /// How failed attempts are retried; default none.
    var retry: RetryPolicy? { get }
}

extension Request {
    /// `METHOD url`
    public var name: String { "\(method) \(url)" }
    /// `GET`
    public var method: HTTPMethod { .get }
    /// No base URL.
    public var baseURL: String? { nil }
    /// No query items.
    public var query: [(String, String)] { [] }
    /// No headers.
    public var headers: [(String, String)] { [] }
    /// Removes no header.
    public var removedHeaders: Set<String> { [] }
    /// No body.
    public var body: RequestBody? { nil }
    /// No decoder.
    public var responseType: String? { nil }
    /// The default transport options.
    public var transport: TransportOptions { TransportOptions() }
    /// No retries.
    public var retry: RetryPolicy? { nil }
}
