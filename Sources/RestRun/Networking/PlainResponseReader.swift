import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// The last handler of rest-run's own HTTP/1.1 connection: sends one request at a time and
/// collects its answer as `BodyCollector` does for AsyncHTTPClient (the head, then the body kept or
/// only counted up to `max_body`, inflated when compressed), failing it at its deadline.
///
/// Every method runs on the connection's event loop; `PlainConnection` reaches it through a
/// `NIOLoopBound`.
final class PlainResponseReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// What a finished exchange hands back: the answer, and whether the connection may carry another.
    struct PlainReply: Sendable {
        var collected: BodyCollector.Collected
        var keepAlive: Bool
    }

    /// The exchange under way. Its continuation is resumed exactly once, as it is taken out.
    private struct Exchange {
        var continuation: UnsafeContinuation<PlainReply, any Error>
        var deadline: NIODeadline
        var head: HTTPResponseHead?
        var body: ResponseBody
    }

    private let writer: PlainRequestWriter
    /// The decoder's handler is before this one: it hears of each request's head from here.
    private let decoder: HTTPResponseDecoder
    private var context: ChannelHandlerContext?
    private var exchange: Exchange?
    private var closed = false
    /// One timer for the connection, not one a request: armed for the first deadline, it arms
    /// itself again for the exchange under way when it fires before that one's deadline.
    private var timer: Scheduled<Void>?
    private var timerDeadline = NIODeadline.distantFuture

    init(writer: PlainRequestWriter, decoder: HTTPResponseDecoder) {
        self.writer = writer
        self.decoder = decoder
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Sends `request` and answers `continuation` with the response, or with a
    /// `PlainExchangeFailure` (at `deadline` at the latest).
    func start(
        _ request: PlainRequestHead, limit: Int, keepsBody: Bool, deadline: NIODeadline,
        continuation: UnsafeContinuation<PlainReply, any Error>
    ) {
        guard let context, !closed, exchange == nil else {
            continuation.resume(throwing: PlainExchangeFailure(underlying: HTTPClientError.remoteConnectionClosed, answered: false))
            return
        }
        exchange = Exchange(continuation: continuation, deadline: deadline, body: ResponseBody(limit: limit, keepsBody: keepsBody))
        arm(for: deadline, context: context)
        // The decoder learns how the answer is framed (a HEAD's has no body) before it can come.
        decoder.write(data: .head(request.head))
        writer.send(request.bytes)
    }

    private func arm(for deadline: NIODeadline, context: ChannelHandlerContext) {
        if timer != nil, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in self?.timerFired() }
    }

    private func timerFired() {
        timer = nil
        guard let current = exchange, let context else { return }
        if NIODeadline.now() >= current.deadline {
            fail(HTTPClientError.deadlineExceeded)
        } else {
            arm(for: current.deadline, context: context)
        }
    }

    /// Ends the exchange under way with `CancellationError` and closes the connection.
    func cancel() { fail(CancellationError()) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard exchange != nil else {
            // Bytes nobody asked for: the next answer could not be told from them.
            close()
            return
        }
        do {
            switch unwrapInboundIn(data) {
            case let .head(head):
                try receive(head)
            case let .body(buffer):
                guard exchange?.head != nil else { throw HTTPClientError.remoteConnectionClosed }
                try exchange?.body.read(buffer)
            case .end:
                try finish()
            }
        } catch {
            fail(error)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed = true
        fail(HTTPClientError.remoteConnectionClosed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error)
    }

    private func receive(_ head: HTTPResponseHead) throws {
        guard exchange != nil, exchange?.head == nil else { throw HTTPClientError.remoteConnectionClosed }
        exchange?.head = head
        try exchange?.body.begin(head.headers)
    }

    private func finish() throws {
        guard let current = exchange, let head = current.head else { throw HTTPClientError.remoteConnectionClosed }
        try current.body.finish()
        exchange = nil
        let keepAlive = head.isKeepAlive && !closed
        if !keepAlive { close() }
        current.continuation.resume(returning: PlainReply(
            collected: BodyCollector.Collected(head: head, body: current.body.bytes, size: current.body.size), keepAlive: keepAlive))
    }

    /// Ends the exchange under way, if any, with `error`, and closes the connection: what is left
    /// of the answer would be read as the next one's.
    private func fail(_ error: any Error) {
        let current = exchange
        exchange = nil
        close()
        guard let current else { return }
        current.continuation.resume(throwing: PlainExchangeFailure(underlying: error, answered: current.head != nil))
    }

    private func close() {
        guard !closed else { return }
        closed = true
        timer?.cancel()
        timer = nil
        context?.close(promise: nil)
    }
}
