import GRPCCore
import GRPCNIOTransportHTTP2Posix
package import RestRunGRPC

/// The example route guide server on 127.0.0.1, with or without reflection, in plain text or TLS.
package enum RouteGuideServer {
    /// The schema it serves, as the example's route_guide.proto declares it.
    package static func codec(protoFile: String) throws -> ProtoCodec {
        do throws(ProtoSyntaxError) {
            return try ProtoCodec(files: [protoFile], importPaths: [])
        } catch {
            throw RPCError(code: .internalError, message: "\(error.file):\(error.line):\(error.column): \(error.message)")
        }
    }

    /// A server that runs.
    package struct Running: Sendable {
        /// The port it listens on.
        package var port: Int
        /// The task that serves: it ends after `stop()`.
        package var task: Task<Void, any Error>
        /// Its reflection service, if it has one.
        package var reflection: ReflectionService?
        /// The server the task runs.
        var server: GRPCServer<HTTP2ServerTransport.Posix>

        /// Stops accepting connections and ends the ones open once their calls finish.
        ///
        /// Never cancel `task` instead: a connection accepted but not yet handed to the server
        /// when its task is cancelled traps in SwiftNIO ("Deinited NIOAsyncWriter without calling
        /// finish()"), taking the whole process with it (apple/swift-nio#3481).
        package func stop() {
            server.beginGracefulShutdown()
        }
    }

    /// Starts a server of `codec` on `port` (0: any free port); with `clientCA`, TLS that asks
    /// for a client certificate that CA signed.
    package static func start(
        codec: ProtoCodec, port: Int = 0, reflection: ReflectionService.Versions? = .both,
        tls: (certificate: String, key: String)? = nil, clientCA: String? = nil, echoesAuthorization: Bool = false
    ) async throws -> Running {
        let security: HTTP2ServerTransport.Posix.TransportSecurity
        if let tls, let clientCA {
            // Mutual TLS: a client without a certificate the CA signed is refused.
            security = .mTLS(certificateChain: [.file(path: tls.certificate, format: .pem)], privateKey: .file(path: tls.key, format: .pem)) { config in
                config.trustRoots = .certificates([.file(path: clientCA, format: .pem)])
                config.clientCertificateVerification = .noHostnameVerification
            }
        } else if let tls {
            security = .tls(certificateChain: [.file(path: tls.certificate, format: .pem)], privateKey: .file(path: tls.key, format: .pem))
        } else {
            security = .plaintext
        }
        let transport = HTTP2ServerTransport.Posix(address: .ipv4(host: "127.0.0.1", port: port), transportSecurity: security)
        var services: [any RegistrableRPCService] = [RouteGuideService(codec: codec, echoesAuthorization: echoesAuthorization)]
        let reflectionService = reflection.map { ReflectionService(codec: codec, versions: $0) }
        if let reflectionService { services.append(reflectionService) }
        let server = GRPCServer(transport: transport, services: services)
        let task = Task { try await server.serve() }
        let address = try await transport.listeningAddress
        return Running(port: address.ipv4?.port ?? port, task: task, reflection: reflectionService, server: server)
    }
}
