/// What a call needs: the protocol that YAML-declared requests and hand-written ones share.
///
/// Protocol extensions give the defaults, so a conformer states only what differs:
///
/// ```swift
/// struct ZenRequest: Request {
///     var url: String { "https://api.github.com/zen" }
/// }
/// ```
public protocol Request: Sendable {
    /// A name for output and reports; default `METHOD url`.
    var name: String { get }
    /// The method; default `GET`.
    var method: HTTPMethod { get }
    /// An absolute URL, or one relative to the base URL it is prepared with.
    var url: String { get }
    /// Query items appended to the URL, percent-encoded; default none.
    var query: [(String, String)] { get }
    /// Headers of this request; default none.
    var headers: [(String, String)] { get }
    /// The body; default none.
    var body: RequestBody? { get }
    /// The name of the response decoder to use; default none.
    var responseType: String? { get }
    /// Timeouts, redirects, retries and limits; default `RequestOptions()`.
    var options: RequestOptions { get }
}

extension Request {
    /// `METHOD url`
    public var name: String { "\(method) \(url)" }
    /// `GET`
    public var method: HTTPMethod { .get }
    /// No query items.
    public var query: [(String, String)] { [] }
    /// No headers.
    public var headers: [(String, String)] { [] }
    /// No body.
    public var body: RequestBody? { nil }
    /// No decoder.
    public var responseType: String? { nil }
    /// The default options.
    public var options: RequestOptions { RequestOptions() }
}
