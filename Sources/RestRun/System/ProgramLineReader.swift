import NIOCore

/// Hands each line a program writes (cut by `HelperLineDecoder`) to `receive`, and tells `ended`
/// once when its output ends (nil), holds a line over the limit, or cannot be read.
final class ProgramLineReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// Why the output ended other than by closing.
    enum OutputProblem: Sendable {
        case lineTooLong, unreadable
    }

    private let receive: @Sendable ([UInt8]) -> Void
    private let ended: @Sendable (OutputProblem?) -> Void
    private var done = false

    init(receive: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable (OutputProblem?) -> Void) {
        self.receive = receive
        self.ended = ended
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        receive(Array(unwrapInboundIn(data).readableBytesView))
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { finish(nil) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(error is HelperLineDecoder.TooLong ? .lineTooLong : .unreadable)
        context.close(promise: nil)
    }

    private func finish(_ problem: OutputProblem?) {
        guard !done else { return }
        done = true
        ended(problem)
    }
}
