import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTPS server on 127.0.0.1 for the tests: it answers every request with
/// `{"ok": true, "path": "..."}` over TLS with the given certificate, and, given a client CA,
/// requires a client certificate that CA signed (mutual TLS).
public final class TLSServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup

    private init(port: Int, channel: any Channel, group: MultiThreadedEventLoopGroup) {
        self.port = port
        self.channel = channel
        self.group = group
    }

    /// Starts serving with the PEM `certificate` and `key`; `clientCA` turns on mutual TLS.
    public static func start(certificate: String, key: String, clientCA: String? = nil) async throws -> TLSServer {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
        if let clientCA {
            configuration.trustRoots = .file(clientCA)
            configuration.certificateVerification = .noHostnameVerification
        }
        let context = try NIOSSLContext(configuration: configuration)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Answer())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSServer(port: channel.localAddress?.port ?? 0, channel: channel, group: group)
    }

    /// Stops serving.
    public func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// Answers each request with a small JSON body.
    private final class Answer: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private var path = "/"

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case let .head(head): path = head.uri
            case .body: break
            case .end:
                let body = #"{"ok": true, "path": "\#(path)"}"#
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: "application/json")
                headers.add(name: "Content-Length", value: String(body.utf8.count))
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
