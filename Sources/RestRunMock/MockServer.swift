import RestRun
import NIOCore
import NIOHTTP1
import NIOWebSocket
import NIOHTTPCompression
import NIOPosix

/// The embedded mock server: a real HTTP/1.1 server on SwiftNIO that serves `MockRoutes`.
/// Used by `--mock`, by `rest-run mock`, and by the project's own tests.
public final class MockServer: Sendable {
    /// The address it listens on, such as `http://127.0.0.1:54321`.
    public let url: String
    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let router: any MockResponder

    /// How many requests the server has answered so far.
    public var requestsServed: Int { router.requestsServed }

    private init(channel: any Channel, router: any MockResponder, host: String, port: Int) {
        self.channel = channel
        self.router = router
        self.port = port
        self.url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// Starts serving `routes` on `host:port`; port 0 picks a free port.
    public static func start(routes: MockRoutes, host: String = "127.0.0.1", port: Int = 0) async throws -> MockServer {
        try await start(responder: MockRouter(routes: routes), host: host, port: port)
    }

    /// Starts serving what `responder` answers (routes or an OpenAPI spec) on `host:port`.
    package static func start(responder router: any MockResponder, host: String = "127.0.0.1", port: Int = 0) async throws -> MockServer {
        let compresses = router.compresses
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = MockHandler(router: router)
                    let removable = NIOLoopBound(handler, eventLoop: channel.eventLoop)
                    // A route with `websocket:` accepts the upgrade; every other request is HTTP.
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: 16 << 20,
                        shouldUpgrade: { channel, head in
                            channel.eventLoop.makeSucceededFuture(router.webSocket(for: head.uri) == nil ? nil : HTTPHeaders())
                        },
                        upgradePipelineHandler: { channel, head in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(MockWebSocketHandler(script: router.webSocket(for: head.uri) ?? MockWebSocket()))
                            }
                        })
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            context.pipeline.syncOperations.removeHandler(removable.value, promise: nil)
                        }))
                    if compresses { try channel.pipeline.syncOperations.addHandler(HTTPResponseCompressor()) }
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: host, port: port).get()
        } catch {
            throw MockServerError(message: "cannot listen on \(host):\(port): \(error)")
        }
        let boundPort = channel.localAddress?.port ?? port
        return MockServer(channel: channel, router: router, host: host, port: boundPort)
    }

    /// Stops listening and closes the server socket.
    public func shutdown() async {
        try? await channel.close()
    }

    /// Waits until the server is closed (for `rest-run mock`, which serves until interrupted).
    public func waitUntilClosed() async {
        try? await channel.closeFuture.get()
    }
}

/// A mock server that could not start.
public struct MockServerError: Error, Sendable, CustomStringConvertible {
    /// One sentence.
    public var message: String
    /// The sentence.
    public var description: String { message }
}

/// Reads one request at a time from a connection and writes the router's reply.
final class MockHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let router: any MockResponder
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// Whether a reply's body is being made off the loop: what the client sends meanwhile (a
    /// pipelined request) waits, so that replies go out in the order of the requests.
    private var making = false
    private var waiting: [HTTPServerRequestPart] = []

    init(router: any MockResponder) { self.router = router }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if making {
            waiting.append(part)
        } else {
            read(part, context: context)
        }
    }

    private func read(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case let .head(requestHead):
            head = requestHead
            body = []
        case let .body(buffer):
            body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head else { return }
            self.head = nil
            let reply = router.reply(
                method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) }, body: body)
            let keepAlive = head.isKeepAlive
            let isHead = head.method == .HEAD
            if let make = reply.slowBody {
                making = true
                let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
                NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) { make() }.whenComplete { result in
                    let (handler, context) = bound.value
                    var made = reply
                    made.slowBody = nil
                    made.body = (try? result.get()) ?? []
                    handler.making = false
                    handler.send(made, keepAlive: keepAlive, isHead: isHead, context: context)
                    while !handler.making, !handler.waiting.isEmpty {
                        handler.read(handler.waiting.removeFirst(), context: context)
                    }
                }
                return
            }
            send(reply, keepAlive: keepAlive, isHead: isHead, context: context)
        }
    }

    /// Writes `reply`, after its delay when it has one.
    private func send(_ reply: MockRouter.Reply, keepAlive: Bool, isHead: Bool, context: ChannelHandlerContext) {
        if let delay = reply.delay, delay > .zero {
            let (seconds, attoseconds) = delay.components
            let amount = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            context.eventLoop.assumeIsolated().scheduleTask(in: amount) { [self] in
                write(reply, keepAlive: keepAlive, isHead: isHead, context: context)
            }
        } else {
            write(reply, keepAlive: keepAlive, isHead: isHead, context: context)
        }
    }

    private func write(_ reply: MockRouter.Reply, keepAlive: Bool, isHead: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if let events = reply.events, !isHead {
            writeStream(reply, events: events[...], headWritten: false, context: context)
            return
        }
        var headers = HTTPHeaders(reply.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(reply.body.count))
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let status = HTTPResponseStatus(statusCode: reply.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if !isHead, !reply.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: reply.body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.whenComplete { _ in loopBoundContext.value.close(promise: nil) }
        }
    }

    /// An event stream: the head, then each event after its delay, then the end and a close (the
    /// stream is the whole connection, as a browser's EventSource expects).
    private func writeStream(_ reply: MockRouter.Reply, events: ArraySlice<MockEvent>, headWritten: Bool, context: ChannelHandlerContext) {
        if !headWritten {
            var headers = HTTPHeaders(reply.headers)
            headers.remove(name: "Content-Length")
            headers.replaceOrAdd(name: "Connection", value: "close")
            let status = HTTPResponseStatus(statusCode: reply.status)
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        }
        var remaining = events
        while let event = remaining.first {
            if let delay = event.delay, delay > .zero {
                let (seconds, attoseconds) = delay.components
                let amount = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
                var rest = remaining
                rest[rest.startIndex].delay = nil
                let next = rest
                context.eventLoop.assumeIsolated().scheduleTask(in: amount) { [self] in
                    guard context.channel.isActive else { return }
                    writeStream(reply, events: next, headWritten: true, context: context)
                }
                return
            }
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: event.text)))), promise: nil)
            remaining = remaining.dropFirst()
        }
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBoundContext.value.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // An upgrade to a path without a WebSocket route is answered as plain HTTP.
        if error is NIOWebSocketUpgradeError { return }
        context.close(promise: nil)
    }
}
