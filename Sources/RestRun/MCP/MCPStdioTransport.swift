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
    private let errorLines: ProgramErrorLines

    private init(process: MCPServerProcess, channel: any Channel, errorLines: ProgramErrorLines) {
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
        let errorLines = ProgramErrorLines(keeping: keptErrorLines)
        let group = MultiThreadedEventLoopGroup.singleton
        let name = command.map(MCPServerAddress.shellWord).joined(separator: " ")
        do {
            _ = try await NIOPipeBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ProgramErrorReader(lines: errorLines))
                    }
                }
                .takingOwnershipOfDescriptor(input: process.errors)
                .get()
            let channel = try await NIOPipeBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HelperLineDecoder(limit: lineLimit)))
                        try channel.pipeline.syncOperations.addHandler(ProgramLineReader(
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
                                    var failure = switch problem {
                                    case .lineTooLong?: MCPFailure(.notJSONRPC, "the MCP server `\(name)` wrote a line longer than \(ByteCount.format(lineLimit))")
                                    case .unreadable?: MCPFailure(.exited, "the MCP server `\(name)`'s output cannot be read")
                                    case nil: MCPFailure(.exited, exited ? "the MCP server `\(name)` exited" : "the MCP server `\(name)` closed its output")
                                    }
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
}
