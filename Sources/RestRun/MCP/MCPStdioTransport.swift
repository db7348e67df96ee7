#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import NIOCore
import NIOPosix
import Synchronization

/// An MCP server rest-run runs as a program: one JSON-RPC message a line on its standard input
/// and output (each line read bounded), its standard error kept as its last lines for messages.
final class MCPStdioTransport: MCPTransport {
    /// The longest line read from a server.
    static let lineLimit = 64 * 1024 * 1024
    /// How many of the server's last stderr lines a message shows.
    static let keptErrorLines = 12

    private let process: MCPServerProcess
    private let channel: any Channel
    private let errorLines: ErrorLines

    /// The last lines a server wrote to its standard error, each cut at 400 characters.
    final class ErrorLines: Sendable {
        private let state = Mutex<(lines: [String], partial: [UInt8], ended: Bool)>(([], [], false))

        func append(_ bytes: ByteBufferView) {
            state.withLock { state in
                for byte in bytes {
                    if byte == UInt8(ascii: "\n") {
                        Self.keep(&state.lines, state.partial)
                        state.partial.removeAll(keepingCapacity: true)
                    } else if state.partial.count < 400 {
                        state.partial.append(byte)
                    }
                }
            }
        }

        func end() {
            state.withLock { state in
                if !state.partial.isEmpty { Self.keep(&state.lines, state.partial) }
                state.partial = []
                state.ended = true
            }
        }

        var isEnded: Bool { state.withLock { $0.ended } }
        var lines: [String] { state.withLock { $0.lines } }

        private static func keep(_ lines: inout [String], _ bytes: [UInt8]) {
            var line = String(decoding: bytes, as: UTF8.self)
            while let last = line.last, last == "\r" || last == " " { line.removeLast() }
            guard !line.isEmpty else { return }
            lines.append(line)
            if lines.count > MCPStdioTransport.keptErrorLines { lines.removeFirst(lines.count - MCPStdioTransport.keptErrorLines) }
        }
    }

    private init(process: MCPServerProcess, channel: any Channel, errorLines: ErrorLines) {
        self.process = process
        self.channel = channel
        self.errorLines = errorLines
    }

    /// Starts the server and connects to it; each line it writes goes to `receive`, and `ended`
    /// is told once when its output ends or breaks.
    static func start(
        command: [String], environment: [String: String], folder: String, inherited: [String: String],
        receive: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable (MCPFailure) -> Void
    ) async throws(MCPFailure) -> MCPStdioTransport {
        let process = try MCPServerProcess.start(command: command, environment: environment, folder: folder, inherited: inherited)
        let errorLines = ErrorLines()
        let group = MultiThreadedEventLoopGroup.singleton
        let name = command.map(MCPServerAddress.shellWord).joined(separator: " ")
        do {
            _ = try await NIOPipeBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ErrorReader(lines: errorLines))
                    }
                }
                .takingOwnershipOfDescriptor(input: process.errors)
                .get()
            let channel = try await NIOPipeBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HelperLineDecoder(limit: lineLimit)))
                        try channel.pipeline.syncOperations.addHandler(LineReader(
                            receive: receive,
                            ended: { problem in
                                // The server's last words on stderr come with its end, a moment apart.
                                DispatchQueue.global().async {
                                    for _ in 0..<200 where !errorLines.isEnded { usleep(10_000) }
                                    var exited = process.hasEnded()
                                    for _ in 0..<100 where !exited {
                                        usleep(10_000)
                                        exited = process.hasEnded()
                                    }
                                    var failure = problem ?? MCPFailure(.exited, "the MCP server `\(name)` exited")
                                    if problem == nil, !exited { failure.message = "the MCP server `\(name)` closed its output" }
                                    failure.serverErrors = errorLines.lines
                                    ended(failure)
                                }
                            }))
                    }
                }
                .takingOwnershipOfDescriptors(input: process.output, output: process.input)
                .get()
            return MCPStdioTransport(process: process, channel: channel, errorLines: errorLines)
        } catch {
            close(process.input)
            close(process.output)
            kill(-process.process, SIGKILL)
            var status: Int32 = 0
            while waitpid(process.process, &status, 0) < 0, errno == EINTR {}
            throw MCPFailure(.unreachable, "cannot talk to the MCP server `\(name)`")
        }
    }

    func send(_ message: [UInt8], answering id: Int?, headers: [MCPHeader], within limit: Duration) async throws(MCPFailure) {
        var buffer = channel.allocator.buffer(capacity: message.count + 1)
        buffer.writeBytes(message)
        buffer.writeInteger(UInt8(ascii: "\n"))
        do {
            try await channel.writeAndFlush(buffer).get()
        } catch {
            throw MCPFailure(.exited, "the MCP server stopped reading its input", serverErrors: errorLines.lines)
        }
    }

    var serverErrors: [String] { errorLines.lines }

    func end() {
        // Its input closed first: a server ends when it reads the end of its input.
        try? channel.close(mode: .output).wait()
        process.end()
        try? channel.close().wait()
    }

    /// Hands each line the server writes to the session.
    private final class LineReader: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let receive: @Sendable ([UInt8]) -> Void
        let ended: @Sendable (MCPFailure?) -> Void
        private var done = false

        init(receive: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable (MCPFailure?) -> Void) {
            self.receive = receive
            self.ended = ended
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let line = unwrapInboundIn(data)
            receive(Array(line.readableBytesView))
        }

        func channelInactive(context: ChannelHandlerContext) {
            finish(nil)
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case ChannelEvent.inputClosed = event { finish(nil) }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            let problem = error is HelperLineDecoder.TooLong
                ? MCPFailure(.notJSONRPC, "the MCP server wrote a line longer than \(ByteCount.format(MCPStdioTransport.lineLimit))")
                : MCPFailure(.exited, "the MCP server's output cannot be read")
            finish(problem)
            context.close(promise: nil)
        }

        private func finish(_ problem: MCPFailure?) {
            guard !done else { return }
            done = true
            ended(problem)
        }
    }

    /// Keeps the server's standard error.
    private final class ErrorReader: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let lines: ErrorLines

        init(lines: ErrorLines) { self.lines = lines }

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
}
