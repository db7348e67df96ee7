import NIOCore

/// Hands each answer line of one start of a helper to its `HelperChannel`, and ends that start
/// when its output ends or breaks.
final class HelperAnswerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let channel: HelperChannel
    private let generation: Int

    init(channel: HelperChannel, generation: Int) {
        self.channel = channel
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        channel.deliver(unwrapInboundIn(data), from: generation)
    }

    func channelInactive(context: ChannelHandlerContext) {
        channel.stop(generation, because: "\(channel.name) stopped before it answered")
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let message = error is HelperLineDecoder.TooLong
            ? "\(channel.name) answered more than \(ByteCount.format(channel.longestAnswer)) in one line (it was restarted)"
            : "\(channel.name) cannot be read from"
        channel.stop(generation, because: message)
        context.close(promise: nil)
    }
}
