/// Which HTTP version a request asks for (`options: { http: "2" | "1.1" | auto }`, `--http2`,
/// `--http1.1`).
public enum HTTPVersionPreference: String, Sendable, Hashable {
    /// HTTP/1.1 only: ALPN does not offer h2.
    case http1_1 = "1.1"
    /// HTTP/2, negotiated over TLS by ALPN; a server that does not agree fails the request.
    case http2 = "2"
    /// HTTP/2 when the server offers it over TLS, else HTTP/1.1 (the default).
    case auto
}
