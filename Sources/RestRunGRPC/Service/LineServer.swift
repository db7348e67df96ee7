import NIOCore
import NIOPosix

/// Serves a `GRPCService` on standard input and output: reads request lines as they come, starts
/// each one's answer at once, and writes every answer as a line when it is ready. The lines are
/// read and written by the event loop that carries the calls' connections, and the answers run
/// there too, so a call never waits for another thread to wake.
package enum LineServer {
    /// The longest request line read (rest-run's requests are far shorter).
    static let lineLimit = 64 * 1024 * 1024

    /// Serves until standard input ends and every answer is written; returns an error's text when
    /// standard input or output cannot be served.
    package static func serve(_ service: GRPCService) async -> String? {
        let executor = service.channels.executor
        let finished = executor.loop.makePromise(of: Void.self)
        let bootstrap = NIOPipeBootstrap(group: executor.loop)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(LineHandler(service: service, finished: finished))
                }
            }
        do {
            let channel = try await bootstrap.takingOwnershipOfDescriptors(input: 0, output: 1).get()
            channel.closeFuture.whenComplete { _ in finished.succeed() }
            try await finished.futureResult.get()
            return nil
        } catch {
            return "rest-run-grpc cannot serve its standard input and output: \(error)"
        }
    }
}

/// Splits the input into lines, answers each in a task of its own on the loop, and completes
/// `finished` once the input has ended and the last answer is written.
final class LineHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let service: GRPCService
    private let finished: EventLoopPromise<Void>
    private var pending = ByteBuffer()
    private var answering = 0
    private var inputEnded = false
    private var flushPending = false

    init(service: GRPCService, finished: EventLoopPromise<Void>) {
        self.service = service
        self.finished = finished
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        pending.writeBuffer(&bytes)
        while let newline = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending.readableBytesView[pending.readerIndex..<newline]
            start(Array(line), context: context)
            pending.moveReaderIndex(to: newline + 1)
        }
        if pending.readableBytes > LineServer.lineLimit {
            pending.clear()
            start(Array("request line longer than 64 MB".utf8), context: context)
        }
        pending.discardReadBytes()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let event = event as? ChannelEvent, event == .inputClosed else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        inputEnded = true
        if answering == 0, !flushPending { finished.succeed() }
    }

    private func start(_ line: [UInt8], context: ChannelHandlerContext) {
        answering += 1
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, channel: context.channel), eventLoop: loop)
        let service = service
        Task(executorPreference: service.channels.executor) {
            let answer = await service.answer(line)
            loop.execute { bound.value.handler.write(answer, to: bound.value.channel) }
        }
    }

    /// Writes `answer` and flushes once the answers ready in this turn of the loop are all
    /// written: one system call for them rather than one each.
    private func write(_ answer: String, to channel: any Channel) {
        var buffer = channel.allocator.buffer(capacity: answer.utf8.count + 1)
        buffer.writeString(answer)
        buffer.writeInteger(UInt8(ascii: "\n"))
        channel.write(buffer, promise: nil)
        answering -= 1
        guard !flushPending else { return }
        flushPending = true
        let bound = NIOLoopBound((handler: self, channel: channel), eventLoop: channel.eventLoop)
        channel.eventLoop.execute { bound.value.handler.flush(bound.value.channel) }
    }

    private func flush(_ channel: any Channel) {
        flushPending = false
        let written = channel.writeAndFlush(channel.allocator.buffer(capacity: 0))
        if inputEnded, answering == 0 {
            let finished = finished
            written.whenComplete { _ in finished.succeed() }
        }
    }
}
