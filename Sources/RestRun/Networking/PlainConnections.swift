import AsyncHTTPClient
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOHTTP1
import Synchronization

/// rest-run's own kept-alive HTTP/1.1 connections, for `rest-run load`: a request to a plain
/// `http://` URL without a proxy goes out on one of them instead of through AsyncHTTPClient, whose
/// pool and request state machines cost more than the rest of a request under load (RESULTS.md).
/// What a request is and how it is checked do not change: the networker's delegates, retries and
/// redirects work as for any request, and the answer is collected as `BodyCollector` does.
///
/// A connection carries one request at a time and goes back to the idle ones afterwards unless
/// the answer closed it; a kept one the server closed as a request went out fails as "closed
/// unanswered", which the networker sends again, as for AsyncHTTPClient's.
final class PlainConnections: Sendable {
    private struct Key: Hashable {
        var host: String
        var port: Int
    }

    /// The request last made into bytes and what it was made from: under load the same request goes
    /// out again and again, and comparing its fields and body costs less than checking and copying
    /// them again. Everything that goes on the wire is compared, the body byte for byte: bodies of
    /// equal length (every `{{$uuid}}`) are different requests.
    private struct MadeHead {
        var method: HTTPMethod
        var url: String
        var fields: [(name: String, value: String)]
        var body: [UInt8]?
        var made: PlainRequestHead?

        func fits(_ request: PreparedRequest) -> Bool {
            guard method == request.method, Self.same(body, request.body?.bytes), url == request.url else { return false }
            let other = request.headers.fields
            guard other.count == fields.count else { return false }
            for (mine, theirs) in zip(fields, other) where mine.name != theirs.name || mine.value != theirs.value { return false }
            return true
        }

        private static func same(_ mine: [UInt8]?, _ theirs: [UInt8]?) -> Bool {
            guard let mine, let theirs else { return mine == nil && theirs == nil }
            guard mine.count == theirs.count else { return false }
            return mine.withUnsafeBytes { left in theirs.withUnsafeBytes { right in
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return true }
                return memcmp(leftBytes, rightBytes, left.count) == 0
            } }
        }
    }

    private let idle = Mutex<[Key: [PlainConnection]]>([:])
    private let lastTarget = Mutex<(url: String, method: HTTPMethod, target: PlainTarget)?>(nil)
    private let lastHead = Mutex<MadeHead?>(nil)
    private let group: any EventLoopGroup
    private let connectTimeout: Duration
    private let dnsOverride: [String: String]
    private let idleLimit: Int
    private let allocator = ByteBufferAllocator()

    /// Connections made on `group`'s loops, connecting within `connectTimeout` (a request's own
    /// `connect_timeout` wins), to the address `dnsOverride` gives a host name when it gives one;
    /// at most `idleLimit` idle ones kept per host and port.
    init(group: any EventLoopGroup, connectTimeout: Duration, dnsOverride: [String: String], idleLimit: Int) {
        self.group = group
        self.connectTimeout = connectTimeout
        self.dnsOverride = dnsOverride
        self.idleLimit = idleLimit
    }

    /// Where `url` goes when rest-run's own connections send it (see `PlainTarget`); the last one
    /// is kept, since under load the same URL comes again and again.
    func target(for url: String, method: HTTPMethod) -> PlainTarget? {
        if let target = lastTarget.withLock({ last -> PlainTarget? in
            guard let last, last.method == method, last.url == url else { return nil }
            return last.target
        }) {
            return target
        }
        guard let target = PlainTarget(url: url, method: method) else { return nil }
        lastTarget.withLock { $0 = (url, method, target) }
        return target
    }

    /// What `request` goes out as to `target` (see `PlainRequestHead.make`), nil when
    /// AsyncHTTPClient sends it.
    func head(for request: PreparedRequest, to target: PlainTarget) throws -> PlainRequestHead? {
        // Compared where it is kept: a copy of it out of the lock would count a reference for
        // each of its parts.
        if let made = lastHead.withLock({ last -> PlainRequestHead?? in
            guard let last, last.fits(request) else { return nil }
            return .some(last.made)
        }) {
            return made
        }
        let made = try PlainRequestHead.make(request, to: target, allocator: allocator)
        let last = MadeHead(method: request.method, url: request.url, fields: request.headers.fields, body: request.body?.bytes, made: made)
        lastHead.withLock { $0 = last }
        return made
    }

    /// Sends `request` to `target` as `head` and collects its answer by `deadline`. Throws a
    /// `NetworkError`, or `CancellationError`.
    func exchange(
        _ request: PreparedRequest, to target: PlainTarget, head: PlainRequestHead, deadline: NIODeadline
    ) async throws -> BodyCollector.Collected {
        let key = Key(host: target.host, port: target.port)
        var reused = true
        let connection: PlainConnection
        if let kept = takeIdle(key) {
            connection = kept
        } else {
            reused = false
            let address = dnsOverride[target.host] ?? dnsOverride[target.host.lowercased()] ?? target.host
            do {
                connection = try await PlainConnection.connect(
                    host: address, port: target.port, on: group.any(), timeout: request.transport.connectTimeout ?? connectTimeout)
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw NetworkError(classifying: Self.connectFailure(error), request: request)
            }
        }
        do {
            let reply = try await connection.exchange(
                head, limit: request.transport.effectiveMaxBody, keepsBody: request.keepsBody, deadline: deadline)
            if reply.keepAlive, connection.channel.isActive { keep(connection, for: key) } else { connection.close() }
            return reply.collected
        } catch let failure as PlainExchangeFailure {
            connection.close()
            if Task.isCancelled { throw CancellationError() }
            var error = NetworkError(classifying: failure.underlying, request: request)
            error.closedUnanswered = reused && !failure.answered && error.kind == .connectionClosed
            throw error
        } catch {
            connection.close()
            throw error
        }
    }

    /// Closes the idle connections.
    func closeAll() {
        let all = idle.withLock { idle in
            defer { idle.removeAll() }
            return idle.values.flatMap { $0 }
        }
        for connection in all { connection.close() }
    }

    private func takeIdle(_ key: Key) -> PlainConnection? {
        while let connection = idle.withLock({ $0[key]?.popLast() }) {
            if connection.channel.isActive { return connection }
            connection.close()
        }
        return nil
    }

    private func keep(_ connection: PlainConnection, for key: Key) {
        let kept = idle.withLock { idle in
            guard idle[key, default: []].count < idleLimit else { return false }
            idle[key, default: []].append(connection)
            return true
        }
        if !kept { connection.close() }
    }

    /// NIO's connect timeout as AsyncHTTPClient's, which `NetworkError(classifying:)` names.
    private static func connectFailure(_ error: any Error) -> any Error {
        if case ChannelError.connectTimeout = error { return HTTPClientError.connectTimeout }
        return error
    }
}
