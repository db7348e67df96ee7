import GRPCCore
import GRPCNIOTransportCore
import NIOCore
import GRPCNIOTransportHTTP2Posix
import NIOPosix
import Synchronization

/// One gRPC client (one HTTP/2 connection, kept open) per target, for the helper's life: the
/// calls of a run to the same server share it. A lock rather than an actor: every call asks for
/// its client, and an actor's hop would cost each call a switch of threads.
final class ChannelPool: Sendable {
    typealias Client = GRPCClient<HTTP2ClientTransport.Posix>

    private let clients = Mutex<[CallTarget: Client]>([:])
    /// The one thread that carries every connection and runs every call's tasks: the calls are
    /// few bytes each, and a second thread would only add hand-offs on a machine that also runs
    /// rest-run and, often, the server.
    private let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    /// The tasks of calls, run on the connections' loop.
    let executor: LoopExecutor

    init() {
        executor = LoopExecutor(loop: loops.next())
    }

    /// The client of `target`, made and connected on first use.
    func client(for target: CallTarget) throws(CallFailure) -> Client {
        try clients.withLock { clients throws(CallFailure) -> Client in
            if let client = clients[target] { return client }
            let client = try makeClient(for: target)
            clients[target] = client
            return client
        }
    }

    private func makeClient(for target: CallTarget) throws(CallFailure) -> Client {
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
        let resolvable: any ResolvableTarget
        if target.host.contains(":") {
            resolvable = .ipv6(address: target.host, port: target.port)
        } else if target.host.split(separator: ".").count == 4, target.host.allSatisfy({ $0.isNumber || $0 == "." }) {
            resolvable = .ipv4(address: target.host, port: target.port)
        } else {
            resolvable = .dns(host: target.host, port: target.port)
        }
        var config = HTTP2ClientTransport.Posix.Config.defaults
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
