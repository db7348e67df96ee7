#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The request target (path and query) that AsyncHTTPClient writes on the request line for a URL:
/// characters a URL cannot hold percent-encoded as `URL(string:)` encodes them. A signature over
/// the target (SigV4, Digest's `uri`) must cover these bytes, not the URL as written.
package enum WireTarget {
    /// The path and the query (without `?`) as sent; nil when the URL cannot be parsed.
    package static func of(_ url: String) -> (path: String, query: String)? {
        guard let parsed = URL(string: url) else { return nil }
        let path = parsed.path.isEmpty ? "/" : (URLComponents(url: parsed, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? parsed.path)
        return (path.isEmpty ? "/" : path, parsed.query ?? "")
    }
}
