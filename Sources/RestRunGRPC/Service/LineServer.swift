import NIOCore
import RestRunEventLoops
import NIOPosix
import RestRunHelperProtocol

/// Serves a `GRPCService` on standard input and output: reads request lines as they come, starts
/// each one's answer at once, and writes every answer as a line when it is ready. The lines are
/// read and written by the event loop that carries the calls' connections, and the answers run
/// there too, so a call never waits for another thread to wake.
package enum LineServer {
    /// Serves until standard input ends and every answer is written; returns an error's text when
    /// standard input or output cannot be served.
    package static func serve(_ service: GRPCService) async -> String? {
        let executor = service.channels.executor
        let finished = executor.eventLoop.makePromise(of: Void.self)
        let bootstrap = NIOPipeBootstrap(group: executor.eventLoop)
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
/// `finished` once the input has ended and the last answer is written. A cancel line cancels the
/// task of the request it names; a line longer than `HelperLimits.requestLine` is answered as a
/// failure (under the id its first bytes name) and the rest of it skipped.
final class LineHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let service: GRPCService
    private let finished: EventLoopPromise<Void>
    private var pending = ByteBuffer()
    /// The id the over-long line being skipped named, once one is: `.some(nil)` when it named none.
    private var skipping: Int?? = nil
    private var answering = 0
    private var tasks: [Int: Task<Void, Never>] = [:]
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
            if let skipped = skipping {
                skipping = nil
                refuse(id: skipped, context: context)
            } else {
                take(line, context: context)
            }
            pending.moveReaderIndex(to: newline + 1)
        }
        if skipping == nil, pending.readableBytes > HelperLimits.requestLine {
            skipping = .some(HelperEnvelope.id(atStartOf: pending.readableBytesView))
        }
        if skipping != nil { pending.clear() }
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

    private func refuse(id: Int?, context: ChannelHandlerContext) {
        let answer = GRPCService.failure("request", "the request is longer than \(HelperLimits.requestLine / 1024 / 1024) MB")
        answering += 1
        write(HelperEnvelope.answerText(id: id, answer.json), id: nil, to: context.channel)
    }

    /// Starts answering `line`, or cancels the request a cancel line names.
    private func take(_ line: ByteBufferView, context: ChannelHandlerContext) {
        let id = HelperEnvelope.id(atStartOf: line)
        if line.count < 64, let id, let json = try? JSONValueReader.parse(line), HelperEnvelope.isCancel(json) {
            tasks[id]?.cancel()
            return
        }
        answering += 1
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, channel: context.channel), eventLoop: loop)
        let service = service
        let bytes = Array(line)
        let task = Task(executorPreference: service.channels.executor) {
            let answer = await service.answer(bytes)
            loop.execute { bound.value.handler.write(answer, id: id, to: bound.value.channel) }
        }
        if let id { tasks[id] = task }
    }

    /// Writes `answer` and flushes once the answers ready in this turn of the loop are all
    /// written: one system call for them rather than one each.
    private func write(_ answer: String, id: Int?, to channel: any Channel) {
        if let id { tasks[id] = nil }
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
