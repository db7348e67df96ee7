import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOWebSocket
import RestRunMock
import NIOPosix
import NIOSSL

/// An HTTPS server on 127.0.0.1 for the tests: it answers every request with
/// `{"ok": true, "path": "...", "version": "1.1"}` over TLS with the given certificate, and, given a
/// client CA, requires a client certificate that CA signed (mutual TLS). With `http2`, it offers
/// HTTP/2 by ALPN (and HTTP/1.1 to a client that does not ask for h2). Without it, a WebSocket
/// upgrade is accepted and every message echoed (wss://).
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
    public static func start(certificate: String, key: String, clientCA: String? = nil, http2: Bool = false) async throws -> TLSServer {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
        if let clientCA {
            configuration.trustRoots = .file(clientCA)
            configuration.certificateVerification = .noHostnameVerification
        }
        if http2 { configuration.applicationProtocols = ["h2", "http/1.1"] }
        let context = try NIOSSLContext(configuration: configuration)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                guard http2 else {
                    return channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                        // A WebSocket upgrade (wss://) is accepted and every message echoed.
                        let answer = Answer()
                        let removable = NIOLoopBound(answer, eventLoop: channel.eventLoop)
                        let upgrader = NIOWebSocketServerUpgrader(
                            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                            upgradePipelineHandler: { channel, _ in
                                channel.eventLoop.makeCompletedFuture {
                                    try channel.pipeline.syncOperations.addHandler(MockWebSocketHandler(script: MockWebSocket()))
                                }
                            })
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                            withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                                context.pipeline.syncOperations.removeHandler(removable.value, promise: nil)
                            }))
                        try channel.pipeline.syncOperations.addHandler(answer)
                    }
                }
                do {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                return channel.configureHTTP2SecureUpgrade(
                    h2ChannelConfigurator: { channel in
                        channel.configureHTTP2Pipeline(mode: .server) { stream in
                            stream.eventLoop.makeCompletedFuture {
                                try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                                try stream.pipeline.syncOperations.addHandler(Answer())
                            }
                        }.map { _ in }
                    },
                    http1ChannelConfigurator: { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                            try channel.pipeline.syncOperations.addHandler(Answer())
                        }
                    })
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
    private final class Answer: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private var path = "/"
        private var version = "1.1"

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case let .head(head):
                path = head.uri
                version = head.version.major == 2 ? "2" : "\(head.version.major).\(head.version.minor)"
            case .body: break
            case .end:
                let body = #"{"ok": true, "path": "\#(path)", "version": "\#(version)"}"#
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: "application/json")
                headers.add(name: "Content-Length", value: String(body.utf8.count))
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version == "2" ? .http2 : .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
