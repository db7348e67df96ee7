import GRPCCore
import GRPCNIOTransportCore
import NIOCore
import RestRunEventLoops
import GRPCNIOTransportHTTP2Posix
import NIOPosix
import RestRunHelperProtocol
import Synchronization

/// One gRPC client (one HTTP/2 connection, kept open) per target, for the helper's life: the
/// calls of a run to the same server share it. A lock rather than an actor: every call asks for
/// its client, and an actor's hop would cost each call a switch of threads.
final class ChannelPool: Sendable {
    typealias Client = GRPCClient<HTTP2ClientTransport.Posix>

    private let clients = Mutex<[GRPCTarget: Client]>([:])
    /// The one thread that carries every connection and runs every call's tasks: the calls are
    /// few bytes each, and a second thread would only add hand-offs on a machine that also runs
    /// rest-run and, often, the server.
    private let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    /// The tasks of calls, run on the connections' loop.
    let executor: EventLoopExecutor

    init() {
        executor = EventLoopExecutor(loops.next())
    }

    /// Before the first call to `target`, when it sets a connect timeout: whether a connection can
    /// be made within it (grpc-swift's own connection has no such bound, and a call to an address
    /// that never answers would wait for its whole deadline).
    func checkConnecting(to target: GRPCTarget) async throws(CallFailure) {
        guard let limit = target.connectTimeout, clients.withLock({ $0[target] == nil }) else { return }
        let (seconds, attoseconds) = limit.components
        let amount = TimeAmount.nanoseconds(seconds >= Int64.max / 1_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        do {
            let channel = try await ClientBootstrap(group: executor.eventLoop).connectTimeout(amount)
                .connect(host: target.address ?? target.host, port: target.port).get()
            try? await channel.close()
        } catch let error as ChannelError {
            if case .connectTimeout = error {
                throw CallFailure(kind: .connectTimeout, message: "could not connect to \(target.authority) within \(CallRunner.format(limit)) (connect_timeout; is the host reachable?)")
            }
            throw CallFailure(kind: .connection, message: "cannot connect to \(target.authority): \(error)")
        } catch {
            let text = "\(error)".lowercased()
            throw CallFailure(kind: .connection, message: text.contains("refused")
                ? "cannot connect to \(target.authority): connection refused" : "cannot connect to \(target.authority): \(CallRunner.describe(error))")
        }
    }

    /// The client of `target`, made and connected on first use.
    func client(for target: GRPCTarget) throws(CallFailure) -> Client {
        try clients.withLock { clients throws(CallFailure) -> Client in
            if let client = clients[target] { return client }
            let client = try makeClient(for: target)
            clients[target] = client
            return client
        }
    }

    private func makeClient(for target: GRPCTarget) throws(CallFailure) -> Client {
        let security: HTTP2ClientTransport.Posix.TransportSecurity
        if target.usesTLS {
            var tls = HTTP2ClientTransport.Posix.TransportSecurity.TLS.defaults
            if let caFile = target.caFile {
                tls.trustRoots = .certificates([.file(path: caFile, format: .pem)])
            }
            if let certificateFile = target.certificateFile {
                tls.certificateChain = [.file(path: certificateFile, format: .pem)]
                tls.privateKey = .file(path: target.keyFile ?? certificateFile, format: .pem)
            }
            if target.insecure { tls.serverCertificateVerification = .noVerification }
            security = .tls(tls)
        } else {
            security = .plaintext
        }
        let host = target.address ?? target.host
        let resolvable: any ResolvableTarget
        if host.contains(":") {
            resolvable = .ipv6(address: host, port: target.port)
        } else if host.split(separator: ".").count == 4, host.allSatisfy({ $0.isNumber || $0 == "." }) {
            resolvable = .ipv4(address: host, port: target.port)
        } else {
            resolvable = .dns(host: host, port: target.port)
        }
        var config = HTTP2ClientTransport.Posix.Config.defaults
        // Connected to another address (`--resolve`), the call still names the URL's host: in
        // `:authority`, and to TLS as the server's name.
        if target.address != nil { config.http2.authority = target.host }
        // A retried call after a refused connection connects again soon rather than after
        // grpc-swift's default backoff of a second or more.
        config.backoff = .init(initial: .milliseconds(50), max: .seconds(1), multiplier: 1.6, jitter: 0.2)
        let transport: HTTP2ClientTransport.Posix
        do {
            transport = try HTTP2ClientTransport.Posix(target: resolvable, transportSecurity: security, config: config, eventLoopGroup: loops)
        } catch {
            throw CallFailure(kind: .tls, message: "cannot set up a connection to \(target.authority): \(CallRunner.describe(error))")
        }
        let client = GRPCClient(transport: transport)
        Task(executorPreference: executor) { try? await client.runConnections() }
        return client
    }
}
