package import AsyncHTTPClient
import Logging
package import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The HTTP clients of one run and what they share: a client per connect timeout and per proxy,
/// the client certificates read so far, and AsyncHTTPClient's parsed requests by method and URL.
/// Made with `with(_:eventLoopGroup:_:)`, which shuts every client down afterwards; every
/// networker of the run sends through it.
package final class HTTPClientPool: Sendable {
    /// The client for requests with the default connect timeout, no proxy, and HTTP/2 allowed.
    private let main: HTTPClient
    /// The other clients, by what sets them apart.
    private let others: [ClientKey: HTTPClient]
    /// Which requests go through a proxy.
    private let proxy: ProxyRules?
    /// rest-run's own connections for plain HTTP, when the settings ask for them.
    private let plain: PlainConnections?
    /// What a client is made for: AsyncHTTPClient's connect timeout, proxy and HTTP version are
    /// per client.
    private struct ClientKey: Hashable {
        var connectTimeout: Duration
        var proxy: ProxyRules.Server?
        var http1Only: Bool
    }
    /// The main client's connect timeout: the run's, for a request that sets none.
    let mainConnectTimeout: Duration
    /// The addresses `--resolve` gives host names, for the kinds that connect on their own.
    let dnsOverride: [String: String]
    /// Client certificates and keys read once per run, by path (the same objects each time, so
    /// requests with one certificate share connections).
    private let identities = ClientIdentities()
    /// AsyncHTTPClient's requests by method and URL, without headers or body: a URL sent again is
    /// not parsed again (AsyncHTTPClient parses it into a Foundation `URL` each time). The last one
    /// is compared first, which costs less than hashing the URL. Emptied when full.
    private let parsedRequests = Mutex(ParsedRequests())
    /// Which connection each request went out on, for telling a reused one from a new one.
    let connections = ConnectionWitness()
    /// The logger every request is sent with: `connections` reads it.
    let logger: Logger
    private static let parsedRequestLimit = 256

    /// A pool of one client, made and shut down by its owner.
    package convenience init(client: HTTPClient) {
        self.init(main: client, mainConnectTimeout: TransportOptions.defaultConnectTimeout, dnsOverride: [:], others: [:], proxy: nil, plain: nil)
    }

    private init(
        main: HTTPClient, mainConnectTimeout: Duration, dnsOverride: [String: String], others: [ClientKey: HTTPClient], proxy: ProxyRules?,
        plain: PlainConnections?
    ) {
        logger = connections.logger
        self.main = main
        self.mainConnectTimeout = mainConnectTimeout
        self.dnsOverride = dnsOverride
        self.others = others
        self.proxy = proxy
        self.plain = plain
    }

    /// Runs `body` with the clients `settings` call for: one per connect timeout, per proxy and
    /// per HTTP version asked for; every client is shut down afterwards, whether `body` throws or not.
    package static func with<Result: Sendable>(
        _ settings: ClientSettings, eventLoopGroup: any EventLoopGroup, _ body: (HTTPClientPool) async throws -> Result
    ) async throws -> Result {
        var servers: [ProxyRules.Server?] = [nil]
        for server in [settings.proxy?.http, settings.proxy?.https].compactMap({ $0 }) where !servers.contains(server) {
            servers.append(server)
        }
        var kinds: [ClientKey] = []
        for http1Only in settings.http1Only ? [false, true] : [false] {
            for server in servers {
                for timeout in [settings.connectTimeout] + settings.otherConnectTimeouts.sorted() {
                    kinds.append(ClientKey(connectTimeout: timeout, proxy: server, http1Only: http1Only))
                }
            }
        }
        // Each client is made inside the last one's scope, so all of them are shut down in turn.
        func make(_ index: Int, _ made: [HTTPClient]) async throws -> Result {
            guard index < kinds.count else {
                var others: [ClientKey: HTTPClient] = [:]
                for (kind, client) in zip(kinds, made).dropFirst() { others[kind] = client }
                let plain = settings.ownConnections ? PlainConnections(
                    group: eventLoopGroup, connectTimeout: settings.connectTimeout, dnsOverride: settings.dnsOverride,
                    idleLimit: settings.connectionsPerHost ?? 8) : nil
                defer { plain?.closeAll() }
                return try await body(HTTPClientPool(
                    main: made[0], mainConnectTimeout: settings.connectTimeout, dnsOverride: settings.dnsOverride, others: others, proxy: settings.proxy, plain: plain))
            }
            var own = settings
            own.connectTimeout = kinds[index].connectTimeout
            own.http1Only = kinds[index].http1Only
            return try await withClient(own, proxy: kinds[index].proxy, eventLoopGroup: eventLoopGroup) { client in
                try await make(index + 1, made + [client])
            }
        }
        return try await make(0, [])
    }

    /// Runs `body` with an `HTTPClient` configured for rest-run, through `proxy` when given, and shuts the client down afterwards,
    /// whether `body` throws or not.
    ///
    /// Redirects are never followed by the client (the networker follows them itself, per request),
    /// responses are decompressed, a refused connection fails at once instead of being retried until
    /// the connect timeout, and there is no read timeout (each request's deadline bounds it). TLS
    /// checks are turned off per request (`insecure: true`), never for the whole client.
    package static func withClient<Result: Sendable>(
        _ settings: ClientSettings, proxy: ProxyRules.Server?, eventLoopGroup: any EventLoopGroup,
        _ body: (HTTPClient) async throws -> Result
    ) async throws -> Result {
        var configuration = HTTPClient.Configuration()
        configuration.dnsOverride = settings.dnsOverride
        if let proxy {
            configuration.proxy = .server(
                host: proxy.host, port: proxy.port,
                authorization: proxy.credentials.map { .basic(username: $0.user, password: $0.password) })
        }
        configuration.redirectConfiguration = .disallow
        // Compressed bodies are inflated by the collectors (BodyInflater): AsyncHTTPClient's
        // handler would sit in every pipeline and see every read.
        configuration.decompression = .disabled
        // No read timeout: every request has a deadline (its own timeout) that bounds all of it,
        // and a read timer would be armed and cancelled for every read.
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: TimeAmount(settings.connectTimeout), read: nil)
        configuration.connectionPool.retryConnectionEstablishment = false
        if let connections = settings.connectionsPerHost {
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connections
        }
        configuration.httpVersion = settings.http1Only ? .http1Only : .automatic
        // No distributed tracing: a span per request costs time and nothing reads it.
        configuration.tracing.tracer = nil
        return try await HTTPClient.withHTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration) { client in
            try await body(client)
        }
    }

    /// The client `request` goes through: the one for its proxy, connect timeout and HTTP
    /// version, or the main one.
    private func client(for request: PreparedRequest) -> HTTPClient {
        let server = proxy?.server(for: request.url)
        let http1Only = request.transport.isHTTP1Only
        guard server != nil || http1Only || request.transport.connectTimeout != nil else { return main }
        let kind = ClientKey(connectTimeout: request.transport.connectTimeout ?? mainConnectTimeout, proxy: server, http1Only: http1Only)
        return others[kind] ?? main
    }

    /// Starts `outgoing`, made from `request`, on the client `request` goes through, with the
    /// pool's logger. Connections stay where AsyncHTTPClient puts them (pinning each file's
    /// requests to one loop opens overflow connections, closed when idle: RESULTS.md), but for a
    /// request with a body: it goes on a connection of its task's loop. For a body, AsyncHTTPClient's
    /// pool hears that a connection is free after a hop from the task's loop to the connection's;
    /// a server that answered before the body was sent and closed the connection within that hop
    /// leaves the pool told of a connection it has already dropped, and AsyncHTTPClient traps.
    func execute<Delegate: HTTPClientResponseDelegate>(
        _ outgoing: HTTPClient.Request, for request: PreparedRequest, delegate: Delegate, deadline: NIODeadline
    ) -> HTTPClient.Task<Delegate.Response> {
        let client = client(for: request)
        let placement: HTTPClient.EventLoopPreference = request.body == nil ? .indifferent : .delegateAndChannel(on: client.eventLoopGroup.any())
        return client.execute(request: outgoing, delegate: delegate, eventLoop: placement, deadline: deadline, logger: logger)
    }

    /// rest-run's own connections and where `request` goes on them, when they carry it: plain
    /// HTTP without a proxy, when the settings asked for them.
    func plainRoute(for request: PreparedRequest) -> (connections: PlainConnections, target: PlainTarget)? {
        guard let plain, proxy?.server(for: request.url) == nil, let target = plain.target(for: request.url, method: request.method)
        else { return nil }
        return (plain, target)
    }

    /// AsyncHTTPClient's request for `request`, its URL checked and parsed once per method and URL.
    func parsedRequest(_ request: PreparedRequest, headers: HTTPHeaders) throws -> HTTPClient.Request {
        let key = ParsedRequestKey(method: request.method.rawValue, url: request.url)
        var outgoing: HTTPClient.Request
        if let parsed = parsedRequests.withLock({ $0.find(key) }) {
            outgoing = parsed
        } else {
            if let problem = URLParts.problem(request.url) {
                throw NetworkError(.invalidURL, "cannot send to '\(request.url)': \(problem)")
            }
            outgoing = try HTTPClient.Request(
                url: request.url, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), tlsConfiguration: nil)
            let parsed = outgoing
            parsedRequests.withLock { $0.keep(parsed, for: key) }
        }
        outgoing.headers = headers
        outgoing.body = request.body.map { .bytes($0.bytes) }
        outgoing.tlsConfiguration = request.transport.customizesTLS ? tlsConfiguration(request.transport) : nil
        return outgoing
    }

    /// The TLS settings of a request that changes them: no checks (`insecure`), its own CAs, a
    /// client certificate. Files are named, not read, so equal settings share connections.
    func tlsConfiguration(_ transport: TransportOptions) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if transport.insecure == true { tls.certificateVerification = .none }
        if let ca = transport.caFile { tls.trustRoots = .file(ca) }
        if let cert = transport.certFile, let key = transport.keyFile, let identity = identities.identity(certificate: cert, key: key) {
            tls.certificateChain = identity.chain.map { .certificate($0) }
            tls.privateKey = .privateKey(identity.key)
        }
        return tls
    }

    private struct ParsedRequestKey: Hashable {
        let method: String
        let url: String
    }

    private struct ParsedRequests {
        var lastURL = "", lastMethod = ""
        var last: HTTPClient.Request?
        var byKey: [ParsedRequestKey: HTTPClient.Request] = [:]

        mutating func find(_ key: ParsedRequestKey) -> HTTPClient.Request? {
            if lastURL == key.url, lastMethod == key.method, last != nil { return last }
            guard let found = byKey[key] else { return nil }
            (lastURL, lastMethod, last) = (key.url, key.method, found)
            return found
        }

        mutating func keep(_ request: HTTPClient.Request, for key: ParsedRequestKey) {
            if byKey.count >= HTTPClientPool.parsedRequestLimit { byKey.removeAll(keepingCapacity: true) }
            byKey[key] = request
            (lastURL, lastMethod, last) = (key.url, key.method, request)
        }
    }
}
