import FuzzSupport
import NIOCore
import NIOEmbedded
import NIOWebSocket
@testable import RestRun

/// Each input as the bytes a server sends after the WebSocket handshake, fed in pieces through the
/// frame decoder to rest-run's inbox (messages put together, pings answered, a close, a
/// malformed or oversized frame): never a crash, and nothing kept past the message limit.
@_cdecl("FuzzWebSocket_main")
public func fuzzWebSocketMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        let bytes = fuzzInput(data, count)
        let channel = EmbeddedChannel()
        let mailbox = WebSocketConnection.Mailbox(loop: channel.embeddedEventLoop, maxMessage: 4096)
        do {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 4096)))
            try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
            try channel.pipeline.syncOperations.addHandler(WebSocketConnection.Inbox(mailbox: mailbox))
            // An embedded channel starts inactive: the loop below would feed it nothing.
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        } catch {
            return 0
        }
        let piece = Int(bytes.first ?? 1) % 13 + 1
        var index = 0
        while index < bytes.count, channel.isActive {
            let end = min(bytes.count, index + piece)
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: bytes[index..<end]))
            index = end
        }
        while let _ = try? channel.readOutbound(as: ByteBuffer.self) {}
        // The inbox may have closed the channel: its handlers are removed only when the loop runs,
        // which `finish()` skips for a closed channel (each such input leaked its pipeline).
        _ = try? channel.finish(acceptAlreadyClosed: true)
        return 0
    }
}
