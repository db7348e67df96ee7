import NIOCore

/// The first handler of rest-run's own HTTP/1.1 connection, next to the socket: writes a request's
/// bytes as `PlainRequestHead` made them. The reader tells NIO's response decoder of the request's
/// head itself (it learns from it how the answer is framed), so the bytes go straight to the
/// socket from here instead of through the decoder's handler as a head to be swapped for them
/// (that way cost a boxed head, a cast and a look-up of its generic type at each handler).
final class PlainRequestWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Writes and flushes `bytes`. No promise: a write that fails closes the channel, and the
    /// reader's `channelInactive` ends the exchange.
    func send(_ bytes: ByteBuffer) {
        context?.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
    }
}
