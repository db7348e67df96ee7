import NIOCore
import NIOHTTP1

/// The first handler of rest-run's own HTTP/1.1 connection: writes a request's bytes as
/// `PlainRequestHead` made them. The reader writes the request's head through NIO's response
/// decoder, which learns from it how the answer is framed, and hands this handler the bytes that
/// go out in its place.
final class PlainRequestWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = ByteBuffer

    /// The bytes of the request whose head is written next.
    var next: ByteBuffer?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head = unwrapOutboundIn(data), let bytes = next else {
            promise?.succeed(())
            return
        }
        next = nil
        context.write(wrapOutboundOut(bytes), promise: promise)
    }
}
