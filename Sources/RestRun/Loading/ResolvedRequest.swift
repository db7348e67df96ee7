/// A declared request with every template resolved: a plain `Request` value.
public struct ResolvedRequest: Request {
    /// The name.
    public var name: String
    /// The method.
    public var method: HTTPMethod
    /// The URL, absolute or relative to the base URL.
    public var url: String
    /// Query items.
    public var query: [(String, String)]
    /// The request's own headers.
    public var headers: [(String, String)]
    /// Lower-cased names of headers removed with `null`.
    public var removedHeaders: Set<String>
    /// The body.
    public var body: RequestBody?
    /// The decoder's name.
    public var responseType: String?
    /// The options, file defaults applied.
    public var options: RequestOptions
}
