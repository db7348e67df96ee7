package import AsyncHTTPClient
package import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The one real `Networking`: sends requests through AsyncHTTPClient and lets its delegates supply
/// headers, watch every attempt and decide retries.
///
/// The networker does not own its `HTTPClient`: a program makes one with
/// `Networker.withHTTPClient(_:)`, which always shuts it down; a run shares its `HTTPClientPool`
/// between the networkers of all its files.
public final class Networker: Networking {
    /// The delegates, in the order their headers are merged.
    public var delegates: [any NetworkingDelegate] { hooks.all }
    /// The delegates by the hooks they act in.
    private let hooks: DelegateHooks
    /// The run's clients.
    private let pool: HTTPClientPool

    /// Headers every request carries unless a delegate or the request sets them.
    public static let defaultHeaders: [(String, String)] = [
        ("User-Agent", "rest-run/\(RestRunVersion.current)"),
        ("Accept", "*/*"),
        ("Accept-Encoding", "gzip, deflate"),
    ]

    /// Creates a networker that sends through `client`.
    package init(client: HTTPClient, delegates: [any NetworkingDelegate] = []) {
        self.pool = HTTPClientPool(client: client)
        hooks = DelegateHooks(delegates)
    }

    /// Creates a networker that sends through a run's clients.
    package init(pool: HTTPClientPool, delegates: [any NetworkingDelegate] = []) {
        self.pool = pool
        hooks = DelegateHooks(delegates)
    }

    /// Creates a networker that sends through a run's clients, with delegates already sorted.
    package init(pool: HTTPClientPool, hooks: DelegateHooks) {
        self.pool = pool
        self.hooks = hooks
    }

    /// Runs `body` with an `HTTPClient` configured for rest-run and shuts the client down afterwards,
    /// whether `body` throws or not.
    ///
    /// Redirects are never followed by the client (the networker follows them itself, per request),
    /// responses are decompressed, a refused connection fails at once instead of being retried until
    /// the connect timeout, and there is no read timeout (each request's deadline bounds it). TLS
    /// checks are turned off per request (`insecure: true`), never for the whole client.
    package static func withHTTPClient<Result: Sendable>(
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        _ body: (HTTPClient) async throws -> Result
    ) async throws -> Result {
        try await HTTPClientPool.withClient(ClientSettings(), proxy: nil, eventLoopGroup: eventLoopGroup, body)
    }

    /// Runs `body` with a networker whose client is configured for rest-run (as
    /// `rest-run run`'s: redirects followed per request, responses decompressed, TLS checked
    /// unless a request says `insecure`), then shuts the client down, whether `body` throws or not.
    /// `delegates` supply headers, watch every attempt and decide retries, in order.
    public static func withNetworker<Result: Sendable>(
        delegates: [any NetworkingDelegate] = [], _ body: (Networker) async throws -> Result
    ) async throws -> Result {
        try await withHTTPClient { client in try await body(Networker(client: client, delegates: delegates)) }
    }

    /// Sends `request`, asking the delegates for headers before every attempt (and every redirect
    /// hop) and whether to retry after it.
    public func send(_ request: PreparedRequest) async throws -> Response {
        try await send(request) { _ in (true, ()) }.response
    }

    /// The one retry loop: each attempt follows redirects, is judged by `check` when given, and
    /// becomes an `Attempt` that the delegates' retry decision reads, whatever it came to (a
    /// status, failed checks, a network failure).
    public func send<Judgement: Sendable>(
        _ request: PreparedRequest, check: @escaping ResponseCheck<Judgement>
    ) async throws -> (response: Response, verdict: Judgement) {
        var history: [Attempt] = []
        var number = 1
        while true {
            try Task.checkCancellation()
            let start = ContinuousClock.now
            let (outgoing, result) = try await exchangeFollowingRedirects(request, attempt: number, start: start)
            var attempt: Attempt
            let judged: Result<(response: Response, verdict: Judgement), NetworkError>
            switch result {
            case let .success(response):
                let (passed, verdict) = await check(response)
                judged = .success((response, consume verdict))
                attempt = Attempt(
                    number: number, outcome: passed ? .response(response) : .checksFailed(response), elapsed: ContinuousClock.now - start)
            case let .failure(error):
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                let failure = NetworkError(classifying: error, request: outgoing)
                judged = .failure(failure)
                attempt = Attempt(number: number, outcome: .failure(failure), elapsed: ContinuousClock.now - start)
            }
            var decision = RetryDecision.doNotRetry
            // Answered at once where a delegate can: an async call costs a frame and an executor check.
            // By index: a delegate read in place is not copied.
            for index in hooks.retryDecision.indices where decision == .doNotRetry {
                decision = if let known = hooks.retryDecision[index].retryDecisionAtOnce(for: outgoing, after: attempt) {
                    known
                } else {
                    await hooks.retryDecision[index].delegate.networking(self, retryDecisionFor: outgoing, after: attempt)
                }
            }
            guard case let .retry(after: wait) = decision else {
                let attempts = history + [attempt.withoutBody]
                switch consume judged {
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
            for delegate in hooks.willRetry { delegate.networking(self, willRetry: outgoing, after: wait, attempt: number) }
            if wait > .zero { try await Task.sleep(for: wait) }
            number += 1
        }
    }

    /// One attempt: the request and every redirect hop it may follow, within one deadline. Returns
    /// the last request sent and what came back.
    private func exchangeFollowingRedirects(
        _ request: PreparedRequest, attempt: Int, start: ContinuousClock.Instant
    ) async throws -> (PreparedRequest, Result<Response, any Error>) {
        let deadline = NIODeadline.now() + TimeAmount(request.wire?.timeout ?? request.transport.effectiveTimeout)
        var current = request
        var redirects = 0
        var resends = 0
        var chain = [request.url]
        while true {
            let outgoing = try await prepareAttempt(current)
            // In place: a delegate copied out of the array counts a reference for each of its parts.
            hooks.willSend.withUnsafeBufferPointer { delegates in
                for index in delegates.indices { delegates[index].networking(self, willSend: outgoing, attempt: attempt) }
            }
            let hopStart = ContinuousClock.now
            var result: Result<Response, any Error>
            do {
                var response = try await exchange(outgoing, deadline: deadline, start: start)
                if let conversation = response.conversation { observe(conversation, of: outgoing, in: &response) }
                result = .success(response)
            } catch {
                result = .failure(error)
            }
            // A kept-alive connection the server closed as the request went out: sent again, on
            // another connection, within the same attempt (curl's "Connection died, retrying a
            // fresh connect"). The next kept connection may be just as stale, so a few are tried;
            // a new connection that closes early is the plain error.
            var resending = false
            if case var .failure(error as NetworkError) = result, error.closedUnanswered {
                resending = resends < Self.resendLimit && !Task.isCancelled
                if !resending {
                    error.closedUnanswered = false
                    result = .failure(error)
                }
            }
            let hopDuration = ContinuousClock.now - hopStart
            hooks.jar?.networking(self, didReceive: result, for: outgoing, duration: hopDuration)
            hooks.didReceive.withUnsafeBufferPointer { delegates in
                for index in delegates.indices { delegates[index].networking(self, didReceive: result, for: outgoing, duration: hopDuration) }
            }
            if resending {
                resends += 1
                continue
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

    /// How many times one attempt is sent again after a reused connection closed unanswered: each
    /// time takes another kept connection or a new one, and AsyncHTTPClient keeps at most 8 per host.
    private static let resendLimit = 9

    private func prepareAttempt(_ request: PreparedRequest) async throws -> PreparedRequest {
        HeaderMerge.merge(request, delegateHeaders: try await hooks.headers(for: request, networking: self))
    }

    /// Hands out `conversation` so that its messages are kept for the reports and seen by the
    /// delegates that observe conversations.
    private func observe(_ conversation: any Conversation, of request: PreparedRequest, in response: inout Response) {
        let transcript = ConversationTranscript()
        response.transcript = transcript
        response.conversation = ObservedConversation(
            inner: conversation, transcript: transcript, networking: self, request: request,
            observers: delegates.compactMap { $0 as? any ConversationObserver })
    }

    private func exchange(_ request: PreparedRequest, deadline: NIODeadline, start: ContinuousClock.Instant) async throws -> Response {
        guard request.method.isValid else {
            throw NetworkError(.other, "cannot send '\(request.method)': it is not an HTTP method (use an upper-case token such as GET or POST)")
        }
        if request.transport.http == .http2, !request.url.lowercased().hasPrefix("https://") {
            throw NetworkError(.protocolError, "http: \"2\" needs an https:// URL: rest-run negotiates HTTP/2 over TLS only, and \(request.url) is plain HTTP")
        }
        do {
            // Made from the fields in one go: `add` checks each name (and traps on one that is
            // not ASCII), and AsyncHTTPClient validates every name and value before sending
            // either way.
            if let wire = request.wire {
                return try await wire.exchange(
                    request, through: WireContext(pool: pool, networking: self, delegates: delegates, deadline: deadline, start: start))
            }
            if let route = pool.plainRoute(for: request),
               let head = try route.connections.head(for: request, to: route.target) {
                let collected = try await route.connections.exchange(request, to: route.target, head: head, deadline: deadline)
                return try response(collected, to: request, start: start)
            }
            let headers = HTTPHeaders(request.headers.fields.map { ($0.name, $0.value) })
            let outgoing = try pool.parsedRequest(request, headers: headers)
            let collector = BodyCollector(limit: request.transport.effectiveMaxBody, keepsBody: request.keepsBody)
            let task = pool.execute(outgoing, for: request, delegate: collector, deadline: deadline)
            let collected: BodyCollector.Collected
            do {
                collected = try await withTaskCancellationHandler {
                    try await task.futureResult.get()
                } onCancel: {
                    task.cancel()
                }
            } catch {
                if Task.isCancelled { throw CancellationError() }
                var failure = NetworkError(classifying: error, request: request)
                failure.closedUnanswered = !collector.hasHead && pool.connections.closedUnanswered(error, kind: failure.kind, logger: task.logger)
                throw failure
            }
            return try response(collected, to: request, start: start)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw NetworkError(classifying: error, request: request)
        }
    }

    /// The response `collected` makes, checked against what `request` asked for (HTTP/2).
    private func response(_ collected: BodyCollector.Collected, to request: PreparedRequest, start: ContinuousClock.Instant) throws -> Response {
        var received = Response(
            status: Int(collected.head.status.code), reason: collected.head.status.reasonPhrase,
            headers: Headers(collected.head.headers), body: collected.body, url: request.url,
            duration: ContinuousClock.now - start)
        received.bodySize = collected.size
        let version = collected.head.version
        if version.major != 1 || version.minor != 1 {
            received.version = version.minor == 0 ? "\(version.major)" : "\(version.major).\(version.minor)"
        }
        if request.transport.http == .http2, received.version != "2" {
            throw NetworkError(.protocolError,
                "\(URLParts(request.url)?.hostAndPort ?? request.url) does not offer HTTP/2 (it answered over HTTP/\(received.version)), and the request asks for http: \"2\"")
        }
        return received
    }

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
