import NIOCore

/// Keeps what a program writes to its standard error in `ProgramErrorLines`.
final class ProgramErrorReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let lines: ProgramErrorLines

    init(lines: ProgramErrorLines) { self.lines = lines }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lines.append(unwrapInboundIn(data).readableBytesView)
    }

    func channelInactive(context: ChannelHandlerContext) { lines.end() }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            lines.end()
            context.close(promise: nil)
        }
    }
}
