import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// One WebSocket connection, made with SwiftNIO's WebSocket implementation: the opening handshake
/// (with the request's headers and TLS options), then messages in and out. Pings are answered;
/// fragmented messages are put together, up to `maxMessage` bytes; what arrives waits in a
/// mailbox on the connection's event loop until a step takes it.
final class WebSocketConnection: Conversation {
    /// What arrives.
    enum Event: Sendable {
        /// A whole message.
        case message([UInt8], binary: Bool)
        /// The server's close frame (its code, when it gave one) or the connection's end.
        case closed(code: Int?, reason: String)
        /// Why the connection cannot go on: one sentence.
        case failed(String)
    }

    private let channel: any Channel
    private let mailbox: Mailbox
    /// `host:port`, which a failure's sentence starts with.
    private let place: String
    /// The server's 101 response.
    let head: HTTPResponseHead

    private init(channel: any Channel, mailbox: Mailbox, place: String, head: HTTPResponseHead) {
        self.channel = channel
        self.mailbox = mailbox
        self.place = place
        self.head = head
    }

    /// Opens a connection to `url` (ws, wss, http or https) and performs the handshake within
    /// `deadline`. Throws a `NetworkError` with one sentence: refused, not upgraded (with the
    /// status received), timed out, TLS.
    static func open(
        url: String, headers: [(String, String)], transport: TransportOptions, tls: TLSConfiguration?, maxMessage: Int,
        deadline: NIODeadline, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> WebSocketConnection {
        let lowered = url.lowercased()
        guard let parts = URLParts(url), ["ws", "wss", "http", "https"].contains(parts.scheme), parts.portText.map({ Int($0) != nil }) ?? true else {
            throw NetworkError(.invalidURL, "cannot open a WebSocket to '\(url)': the URL needs ws://, wss://, http:// or https:// and a host")
        }
        let host = parts.host
        let secure = lowered.hasPrefix("wss://") || lowered.hasPrefix("https://")
        let port = parts.portText.flatMap { Int($0) } ?? (secure ? 443 : 80)
        let place = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let target = Self.requestTarget(url)
        let loop = group.next()
        let mailbox = Mailbox(loop: loop, maxMessage: maxMessage)
        let upgraded = loop.makePromise(of: HTTPResponseHead.self)
        let sslContext: NIOSSLContext?
        do {
            sslContext = secure ? try NIOSSLContext(configuration: tls ?? TLSConfiguration.makeClientConfiguration()) : nil
        } catch {
            throw NetworkError(.tls, "TLS settings for \(place) cannot be used (run with -v for the details)")
        }
        var requestHeaders = HTTPHeaders()
        requestHeaders.add(name: "Host", value: parts.portText.map { "\(host.contains(":") ? "[\(host)]" : host):\($0)" } ?? host)
        for (name, value) in headers where !["host", "connection", "upgrade", "content-length"].contains(name.lowercased()) {
            requestHeaders.add(name: name, value: value)
        }
        let sentHeaders = requestHeaders
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount(transport.connectTimeout ?? TransportOptions.defaultConnectTimeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let sslContext {
                        let handler = try NIOSSLClientHandler(context: sslContext, serverHostname: parts.hostIsAddress ? nil : host)
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                    let request = HandshakeRequest(target: target, headers: sentHeaders, upgraded: upgraded, place: place)
                    let handshake = NIOLoopBound(request, eventLoop: channel.eventLoop)
                    let upgrader = NIOWebSocketClientUpgrader(
                        maxFrameSize: min(max(maxMessage, 1024), Int(UInt32.max)), automaticErrorHandling: false
                    ) { channel, head in
                        channel.eventLoop.makeCompletedFuture {
                            // The handshake's handler is gone by now: frames reach the inbox only.
                            try channel.pipeline.syncOperations.addHandler(Inbox(mailbox: mailbox))
                            upgraded.succeed(head)
                        }
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(
                        leftOverBytesStrategy: .forwardBytes,
                        withClientUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            context.pipeline.syncOperations.removeHandler(handshake.value, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(request)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            upgraded.fail(error)
            throw NetworkError(classifying: error, request: PreparedRequest(name: url, url: url, transport: transport))
        }
        let timeout = loop.scheduleTask(deadline: deadline) {
            upgraded.fail(NetworkError(.timeout, "the WebSocket handshake with \(place) did not finish in time"))
        }
        let head: HTTPResponseHead
        do {
            head = try await upgraded.futureResult.get()
            timeout.cancel()
        } catch {
            timeout.cancel()
            channel.close(promise: nil)
            if let failure = error as? NetworkError { throw failure }
            throw NetworkError(classifying: error, request: PreparedRequest(name: url, url: url, transport: transport))
        }
        return WebSocketConnection(channel: channel, mailbox: mailbox, place: place, head: head)
    }

    /// Sends one message (masked, as a client must); a close sends a close frame with its code.
    func send(_ message: ConversationMessage) async throws {
        let frame: WebSocketFrame
        switch message {
        case let .text(text):
            frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: channel.allocator.buffer(string: text))
        case let .binary(bytes):
            frame = WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: channel.allocator.buffer(bytes: bytes))
        case let .close(code, reason):
            var data = channel.allocator.buffer(capacity: 2 + reason.utf8.count)
            data.writeInteger(UInt16(clamping: code ?? 1000))
            data.writeString(reason)
            frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data)
        }
        do {
            try await channel.writeAndFlush(frame)
        } catch {
            throw NetworkError(.connectionClosed, "cannot send: the connection is closed")
        }
    }

    /// The next message, or nil when nothing arrives within `timeout`.
    func next(within timeout: Duration) async throws -> ConversationMessage? {
        switch await mailbox.next(by: NIODeadline.now() + TimeAmount(timeout)) {
        case nil: return nil
        case let .message(bytes, binary)?: return binary ? .binary(bytes) : .text(String(decoding: bytes, as: UTF8.self))
        case let .closed(code, reason)?: return .close(code: code, reason: reason)
        case let .failed(sentence)?: throw NetworkError(.protocolError, "\(place) \(sentence)")
        }
    }

    /// Ends the connection.
    func end() {
        channel.close(promise: nil)
    }

    /// The path and query of `url`, `/` when it has none.
    static func requestTarget(_ url: String) -> String {
        guard let schemeEnd = url.literalRange(of: "://") else { return "/" }
        let rest = url[schemeEnd.upperBound...]
        guard let start = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        var target = String(rest[start...].prefix { $0 != "#" })
        if target.hasPrefix("?") { target = "/" + target }
        return target
    }
}
