/// The HTTP request of a declared exchange with every template resolved: a plain `Request` value.
package struct ResolvedHTTPRequest: Request {
    /// The name.
    package var name: String
    /// The method.
    package var method: HTTPMethod
    /// The URL, absolute or relative to the base URL.
    package var url: String
    /// Query items.
    package var query: [(String, String)]
    /// The request's own headers.
    package var headers: [(String, String)]
    /// Lower-cased names of headers removed with `null`.
    package var removedHeaders: Set<String>
    /// The body.
    package var body: RequestBody?
    /// The decoder's name.
    package var responseType: String?
    /// Timeouts, redirects, TLS and the body limit, defaults applied.
    package var transport: TransportOptions
    /// How failed attempts and failed checks are retried.
    package var retry: RetryPolicy?
    /// An `auth:` that acts while sending (OAuth 2.0, SigV4, Digest).
    package var auth: RequestAuth?
}
