public import AsyncHTTPClient
public import NIOCore
import NIOHTTP1
public import NIOPosix
import NIOSSL
import Synchronization

/// The one real `Networking`: sends requests through AsyncHTTPClient and lets its delegates supply
/// headers, watch every attempt and decide retries.
///
/// The networker does not own its `HTTPClient`: a run creates one client with
/// `Networker.withHTTPClient(_:_:)`, which always shuts it down, and shares it between the
/// networkers of all its files.
public final class Networker: Networking {
    /// The delegates, in the order their headers are merged.
    public let delegates: [any NetworkingDelegate]
    private let client: HTTPClient
    /// Clients for requests whose `connect_timeout` differs from the main client's.
    private let clientsByConnectTimeout: [Duration: HTTPClient]
    /// Which requests go through a proxy, and the client of each proxy.
    private let proxy: ProxyRules?
    private let clientsByProxy: [ProxyRules.Server: HTTPClient]
    /// AsyncHTTPClient's requests by method and URL, without headers or body: a URL sent again is
    /// not parsed again (AsyncHTTPClient parses it into a Foundation `URL` each time, ~12k
    /// instructions). The last one is compared first, which costs less than hashing the URL.
    /// Emptied when full.
    private let parsedRequests = Mutex(ParsedRequests())
    private static let parsedRequestLimit = 256

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
            if byKey.count >= Networker.parsedRequestLimit { byKey.removeAll(keepingCapacity: true) }
            byKey[key] = request
            (lastURL, lastMethod, last) = (key.url, key.method, request)
        }
    }

    /// Headers every request carries unless a delegate or the request sets them.
    public static let defaultHeaders: [(String, String)] = [
        ("User-Agent", "rest-run/\(RestRunVersion.current)"),
        ("Accept", "*/*"),
        ("Accept-Encoding", "gzip, deflate"),
    ]

    /// Creates a networker that sends through `client`.
    public init(client: HTTPClient, delegates: [any NetworkingDelegate] = []) {
        self.client = client
        self.clientsByConnectTimeout = [:]
        self.proxy = nil
        self.clientsByProxy = [:]
        self.delegates = delegates
    }

    /// Creates a networker that sends through `clients`, picking the client whose connect timeout
    /// is the request's own.
    public init(clients: Clients, delegates: [any NetworkingDelegate] = []) {
        self.client = clients.main
        self.clientsByConnectTimeout = clients.byConnectTimeout
        self.proxy = clients.proxy
        self.clientsByProxy = clients.byProxy
        self.delegates = delegates
    }

    /// The clients of a run: the main one, and one per other connect timeout.
    public struct Clients: Sendable {
        /// The client for requests with the default connect timeout.
        public let main: HTTPClient
        /// The clients for other connect timeouts.
        public let byConnectTimeout: [Duration: HTTPClient]
        /// Which requests go through a proxy.
        public var proxy: ProxyRules?
        /// The client of each proxy.
        public var byProxy: [ProxyRules.Server: HTTPClient] = [:]
    }

    /// Like `withHTTPClient`, with a client for each connect timeout in `settings.otherConnectTimeouts`;
    /// every client is shut down afterwards.
    public static func withHTTPClients<Result: Sendable>(
        _ settings: ClientSettings, eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        _ body: (Clients) async throws -> Result
    ) async throws -> Result {
        try await withHTTPClient(settings, eventLoopGroup: eventLoopGroup) { main in
            try await withOtherClients(
                Array(settings.otherConnectTimeouts.sorted()), settings: settings, eventLoopGroup: eventLoopGroup,
                made: [:], main: main) { clients in
                var servers: [ProxyRules.Server] = []
                for server in [settings.proxy?.http, settings.proxy?.https].compactMap({ $0 }) where !servers.contains(server) {
                    servers.append(server)
                }
                return try await withProxyClients(servers, settings: settings, eventLoopGroup: eventLoopGroup, clients: clients, body)
            }
        }
    }

    private static func withProxyClients<Result: Sendable>(
        _ servers: [ProxyRules.Server], settings: ClientSettings, eventLoopGroup: any EventLoopGroup, clients: Clients,
        _ body: (Clients) async throws -> Result
    ) async throws -> Result {
        guard let server = servers.first else {
            var clients = clients
            clients.proxy = settings.proxy
            return try await body(clients)
        }
        return try await withHTTPClient(settings, proxy: server, eventLoopGroup: eventLoopGroup) { client in
            var clients = clients
            clients.byProxy[server] = client
            return try await withProxyClients(Array(servers.dropFirst()), settings: settings, eventLoopGroup: eventLoopGroup, clients: clients, body)
        }
    }

    private static func withOtherClients<Result: Sendable>(
        _ timeouts: [Duration], settings: ClientSettings, eventLoopGroup: any EventLoopGroup,
        made: [Duration: HTTPClient], main: HTTPClient, _ body: (Clients) async throws -> Result
    ) async throws -> Result {
        guard let timeout = timeouts.first else { return try await body(Clients(main: main, byConnectTimeout: made)) }
        var own = settings
        own.connectTimeout = timeout
        return try await withHTTPClient(own, eventLoopGroup: eventLoopGroup) { client in
            var made = made
            made[timeout] = client
            return try await withOtherClients(
                Array(timeouts.dropFirst()), settings: settings, eventLoopGroup: eventLoopGroup, made: made, main: main, body)
        }
    }

    /// Runs `body` with an `HTTPClient` configured for rest-run and shuts the client down afterwards,
    /// whether `body` throws or not.
    ///
    /// Redirects are never followed by the client (the networker follows them itself, per request),
    /// responses are decompressed, a refused connection fails at once instead of being retried until
    /// the connect timeout, and there is no read timeout (each request's deadline bounds it). TLS
    /// checks are turned off per request (`insecure: true`), never for the whole client.
    public static func withHTTPClient<Result: Sendable>(
        _ settings: ClientSettings = ClientSettings(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        _ body: (HTTPClient) async throws -> Result
    ) async throws -> Result {
        try await withHTTPClient(settings, proxy: nil, eventLoopGroup: eventLoopGroup, body)
    }

    private static func withHTTPClient<Result: Sendable>(
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
        configuration.decompression = .enabled(limit: .none)
        // No read timeout: every request has a deadline (its own timeout) that bounds all of it,
        // and a read timer armed and cancelled for every read cost ~20k instructions a request.
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: TimeAmount(settings.connectTimeout), read: nil)
        configuration.connectionPool.retryConnectionEstablishment = false
        // No distributed tracing: a span per request costs time and nothing reads it.
        configuration.tracing.tracer = nil
        return try await HTTPClient.withHTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration) { client in
            try await body(client)
        }
    }

    /// Sends `request`, asking the delegates for headers before every attempt (and every redirect
    /// hop) and whether to retry after it.
    public func send(_ request: PreparedRequest) async throws -> Response {
        try await send(request) { _ in (true, ()) }.response
    }

    /// The one retry loop: each attempt follows redirects, is judged by `check` when given, and
    /// becomes an `Attempt` that the delegates' retry decision reads, whatever it came to (a
    /// status, failed checks, a network failure).
    public func send<Verdict: Sendable>(
        _ request: PreparedRequest, check: @escaping ResponseCheck<Verdict>
    ) async throws -> (response: Response, verdict: Verdict) {
        var history: [Attempt] = []
        var number = 1
        while true {
            try Task.checkCancellation()
            let start = ContinuousClock.now
            let (outgoing, result) = try await exchangeFollowingRedirects(request, attempt: number, start: start)
            var attempt: Attempt
            let judged: Result<(response: Response, verdict: Verdict), NetworkError>
            switch result {
            case let .success(response):
                let (passed, verdict) = await check(response)
                judged = .success((response, verdict))
                attempt = Attempt(
                    number: number, outcome: passed ? .response(response) : .checksFailed(response), elapsed: ContinuousClock.now - start)
            case let .failure(error):
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                let failure = NetworkError(classifying: error, request: outgoing)
                judged = .failure(failure)
                attempt = Attempt(number: number, outcome: .failure(failure), elapsed: ContinuousClock.now - start)
            }
            var decision = RetryDecision.doNotRetry
            for delegate in delegates where decision == .doNotRetry {
                decision = await delegate.networking(self, retryDecisionFor: outgoing, after: attempt)
            }
            guard case let .retry(after: wait) = decision else {
                let attempts = history + [attempt.withoutBody]
                switch judged {
                case var .success(last):
                    last.response.attempts = attempts
                    return last
                case var .failure(error):
                    if attempts.count > 1 { error.attempts = attempts }
                    throw error
                }
            }
            attempt.wait = wait
            history.append(attempt.withoutBody)
            for delegate in delegates { delegate.networking(self, willRetry: outgoing, after: wait, attempt: number) }
            if wait > .zero { try await Task.sleep(for: wait) }
            number += 1
        }
    }

    /// One attempt: the request and every redirect hop it may follow, within one deadline. Returns
    /// the last request sent and what came back.
    private func exchangeFollowingRedirects(
        _ request: PreparedRequest, attempt: Int, start: ContinuousClock.Instant
    ) async throws -> (PreparedRequest, Result<Response, any Error>) {
        let deadline = NIODeadline.now() + TimeAmount(request.transport.effectiveTimeout)
        var current = request
        var redirects = 0
        var chain = [request.url]
        while true {
            let outgoing = try await prepareAttempt(current)
            for delegate in delegates { delegate.networking(self, willSend: outgoing, attempt: attempt) }
            let hopStart = ContinuousClock.now
            let result: Result<Response, any Error>
            do {
                result = .success(try await exchange(outgoing, deadline: deadline, start: start))
            } catch {
                result = .failure(error)
            }
            let hopDuration = ContinuousClock.now - hopStart
            for delegate in delegates {
                delegate.networking(self, didReceive: result, for: outgoing, duration: hopDuration)
            }
            let limit = request.transport.followRedirects ?? 0
            guard case let .success(response) = result, limit > 0, let next = redirect(from: current, response: response) else {
                return (outgoing, result)
            }
            chain.append(next.url)
            guard redirects < limit else {
                // Like curl and Hurl: a chain longer than allowed is an error, not the last 3xx.
                return (outgoing, .failure(NetworkError(.tooManyRedirects, "too many redirects (\(limit)): " + Self.describe(chain: chain))))
            }
            redirects += 1
            current = next
        }
    }

    private func prepareAttempt(_ request: PreparedRequest) async throws -> PreparedRequest {
        try await HeaderMerge.merge(request, delegates: delegates, networking: self)
    }

    private func exchange(_ request: PreparedRequest, deadline: NIODeadline, start: ContinuousClock.Instant) async throws -> Response {
        guard request.method.isValid else {
            throw NetworkError(.other, "cannot send '\(request.method)': it is not an HTTP method (use an upper-case token such as GET or POST)")
        }
        do {
            // Made from the fields in one go: `add` checks each name (and traps on one that is
            // not ASCII), ~900 instructions a field; AsyncHTTPClient validates every name and
            // value before sending either way.
            let headers = HTTPHeaders(request.headers.fields.map { ($0.name, $0.value) })
            let tls = request.transport.customizesTLS ? Self.tlsConfiguration(request.transport) : nil
            let outgoing = try parsedRequest(request, headers: headers, tls: tls)
            let collector = BodyCollector(limit: request.transport.effectiveMaxBody, keepsBody: request.keepsBody)
            // Connections stay where the pool puts them: pinning each file's requests to one loop
            // made AsyncHTTPClient open overflow connections and ran 2,000 requests 2.5x slower.
            let client = proxy?.server(for: request.url).flatMap { clientsByProxy[$0] }
                ?? request.transport.connectTimeout.flatMap { clientsByConnectTimeout[$0] } ?? self.client
            let task = client.execute(request: outgoing, delegate: collector, deadline: deadline)
            let collected = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            var received = Response(
                status: Int(collected.head.status.code), reason: collected.head.status.reasonPhrase,
                headers: Headers(collected.head.headers), body: collected.body, url: request.url,
                duration: ContinuousClock.now - start)
            received.bodySize = collected.size
            return received
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw NetworkError(classifying: error, request: request)
        }
    }

    /// AsyncHTTPClient's request for `request`, its URL checked and parsed once per method and URL.
    private func parsedRequest(_ request: PreparedRequest, headers: HTTPHeaders, tls: TLSConfiguration?) throws -> HTTPClient.Request {
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
        outgoing.tlsConfiguration = tls
        return outgoing
    }

    /// The TLS settings of a request that changes them: no checks (`insecure`), its own CAs, a
    /// client certificate. Files are named, not read, so equal settings share connections.
    static func tlsConfiguration(_ transport: TransportOptions) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if transport.insecure == true { tls.certificateVerification = .none }
        if let ca = transport.caFile { tls.trustRoots = .file(ca) }
        if let cert = transport.certFile, let key = transport.keyFile, let identity = clientIdentities.identity(certificate: cert, key: key) {
            tls.certificateChain = identity.chain.map { .certificate($0) }
            tls.privateKey = .privateKey(identity.key)
        }
        return tls
    }

    /// Client certificates and keys read once per run, by path (the same objects each time, so
    /// requests with one certificate share connections).
    private static let clientIdentities = ClientIdentities()

    /// The request a redirect response leads to, if it is one.
    private func redirect(from request: PreparedRequest, response: Response) -> PreparedRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status),
              let location = response.headers["Location"], !location.isEmpty
        else { return nil }
        var next = request
        next.url = URLBuilder.resolve(location, against: request.url)
        if response.status == 303 || (response.status != 307 && response.status != 308 && request.method == .post) {
            next.method = .get
            next.body = nil
            next.headers.remove("Content-Type")
            next.headers.remove("Content-Length")
        }
        if URLBuilder.origin(of: next.url) != URLBuilder.origin(of: request.url) {
            // Credentials never follow a redirect to another origin, whichever delegate supplies them.
            next.headers.remove("Authorization")
            next.removedHeaders.insert("authorization")
        }
        return next
    }

    /// A redirect chain for a message: every URL when short, else the first ones and the last.
    static func describe(chain: [String]) -> String {
        let shown = chain.count <= 6 ? chain : Array(chain.prefix(4)) + ["… \(chain.count - 5) more …", chain[chain.count - 1]]
        return shown.joined(separator: " -> ")
    }
}

extension TimeAmount {
    /// The same span as a `Duration`, to the nanosecond.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = min(max(duration, .zero), .seconds(366 * 86_400)).components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
