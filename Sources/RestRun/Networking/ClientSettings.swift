/// What the run's one `HTTPClient` is configured with, taken from all the requests it will send.
package struct ClientSettings: Sendable, Equatable {
    /// The connect timeout.
    package var connectTimeout: Duration
    /// Other connect timeouts requests ask for: each gets a client of its own (AsyncHTTPClient's
    /// connect timeout is per client), so every request connects within exactly its own.
    package var otherConnectTimeouts: Set<Duration> = []
    /// Whether some request asks for HTTP/1.1 only (`http: "1.1"`): each client then has a twin
    /// that does not offer HTTP/2 (AsyncHTTPClient's HTTP version is per client).
    package var http1Only = false
    /// The proxies requests go through (`--proxy`, `HTTP_PROXY`, ...); each gets a client of its own.
    package var proxy: ProxyRules?
    /// Host names connected to at another address (`--resolve`), their certificates still
    /// checked against the name.
    package var dnsOverride: [String: String] = [:]
    /// The most HTTP/1.1 connections to one host (AsyncHTTPClient's soft limit, 8 by default):
    /// `rest-run load` keeps one for each iteration that may be in flight.
    package var connectionsPerHost: Int?
    /// Whether plain `http://` requests without a proxy go out on rest-run's own HTTP/1.1
    /// connections (`PlainConnections`) instead of AsyncHTTPClient's: `rest-run load` sets it.
    package var ownConnections = false

    /// Creates settings.
    package init(connectTimeout: Duration = TransportOptions.defaultConnectTimeout) {
        self.connectTimeout = connectTimeout
    }
}
