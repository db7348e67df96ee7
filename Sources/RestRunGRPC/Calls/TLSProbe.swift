import NIOCore
import NIOPosix

/// Tells whether a port speaks TLS, for a `grpc://` call whose server closed the connection before
/// HTTP/2 began: it sends a TLS ClientHello on a connection of its own, and a TLS server answers
/// with a handshake or an alert record (first bytes 0x16 or 0x15, then 0x03), where a plain HTTP/2
/// server answers with a frame or closes.
enum TLSProbe {
    /// Whether `host`:`port` answered a ClientHello as a TLS server does, within `limit`.
    static func speaksTLS(host: String, port: Int, on loop: any EventLoop, within limit: TimeAmount = .seconds(2)) async -> Bool {
        let answer = loop.makePromise(of: Bool.self)
        let timer = loop.scheduleTask(in: limit) { answer.succeed(false) }
        defer { timer.cancel() }
        do {
            let channel = try await ClientBootstrap(group: loop)
                .connectTimeout(limit)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(FirstBytes(answer: answer)) }
                }
                .connect(host: host, port: port).get()
            defer { channel.close(promise: nil) }
            try await channel.writeAndFlush(ByteBuffer(bytes: clientHello)).get()
            return try await answer.futureResult.get()
        } catch {
            answer.succeed(false)
            return false
        }
    }

    /// Reads the first two bytes of the answer.
    private final class FirstBytes: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let answer: EventLoopPromise<Bool>
        private var received: [UInt8] = []

        init(answer: EventLoopPromise<Bool>) { self.answer = answer }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            received += buffer.readBytes(length: min(buffer.readableBytes, 2 - received.count)) ?? []
            guard received.count == 2 else { return }
            answer.succeed((received[0] == 0x16 || received[0] == 0x15) && received[1] == 0x03)
        }

        func channelInactive(context: ChannelHandlerContext) {
            answer.succeed(false)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            answer.succeed(false)
        }
    }

    /// A TLS 1.2 ClientHello with two cipher suites and no extensions: enough for any TLS server to
    /// answer, with a ServerHello or an alert.
    private static let clientHello: [UInt8] = {
        var hello: [UInt8] = [0x03, 0x03]  // TLS 1.2
        hello += (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }  // random
        hello += [0x00]  // no session id
        hello += [0x00, 0x04, 0xC0, 0x2F, 0x13, 0x01]  // ECDHE-RSA-AES128-GCM-SHA256, TLS_AES_128_GCM_SHA256
        hello += [0x01, 0x00]  // no compression
        hello += [0x00, 0x00]  // no extensions
        let handshake: [UInt8] = [0x01, 0x00, UInt8(hello.count >> 8), UInt8(hello.count & 0xFF)] + hello
        return [0x16, 0x03, 0x01, UInt8(handshake.count >> 8), UInt8(handshake.count & 0xFF)] + handshake
    }()
}
