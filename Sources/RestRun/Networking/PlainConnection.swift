import NIOCore
import NIOHTTP1
import NIOPosix

/// One of rest-run's own kept-alive HTTP/1.1 connections (see `PlainConnections`): a channel whose
/// pipeline is a `PlainRequestWriter`, NIO's response decoder and a `PlainResponseReader`.
final class PlainConnection: Sendable {
    /// The channel.
    let channel: any Channel
    private let reader: NIOLoopBound<PlainResponseReader>

    private init(channel: any Channel, reader: NIOLoopBound<PlainResponseReader>) {
        self.channel = channel
        self.reader = reader
    }

    /// A new connection to `host`:`port`, made on `loop`. Throws what NIO threw.
    static func connect(host: String, port: Int, on loop: any EventLoop, timeout: Duration) async throws -> PlainConnection {
        let channel = try await ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount(timeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let writer = PlainRequestWriter()
                    let decoder = HTTPResponseDecoder(leftOverBytesStrategy: .dropBytes)
                    try channel.pipeline.syncOperations.addHandlers(
                        writer, ByteToMessageHandler(decoder), PlainResponseReader(writer: writer, decoder: decoder))
                }
            }
            .connect(host: host, port: port).get()
        let reader = try await channel.eventLoop.submit {
            NIOLoopBound(try channel.pipeline.syncOperations.handler(type: PlainResponseReader.self), eventLoop: channel.eventLoop)
        }.get()
        return PlainConnection(channel: channel, reader: reader)
    }

    /// Sends `request` and collects the answer by `deadline`. Throws `PlainExchangeFailure`, or
    /// `CancellationError` when the task is cancelled.
    func exchange(
        _ request: PlainRequestHead, limit: Int, keepsBody: Bool, deadline: NIODeadline
    ) async throws -> PlainResponseReader.PlainReply {
        let reader = reader
        let loop = channel.eventLoop
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                if loop.inEventLoop {
                    reader.value.start(request, limit: limit, keepsBody: keepsBody, deadline: deadline, continuation: continuation)
                } else {
                    loop.execute { reader.value.start(request, limit: limit, keepsBody: keepsBody, deadline: deadline, continuation: continuation) }
                }
            }
        } onCancel: {
            loop.execute { reader.value.cancel() }
        }
    }

    /// Closes the connection.
    func close() {
        channel.close(promise: nil)
    }
}
