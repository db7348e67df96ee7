import NIOCore
import NIOHTTP1
import NIOWebSocket

extension WebSocketConnection {
    /// What arrived and who waits for it, on the connection's event loop only.
    final class Mailbox: @unchecked Sendable {
        private let loop: any EventLoop
        let maxMessage: Int
        private var queue: [Event] = []
        /// The bytes of the messages in `queue`.
        private var queuedBytes = 0
        private var waiting: EventLoopPromise<Event?>?
        private var ended = false

        init(loop: any EventLoop, maxMessage: Int) {
            self.loop = loop
            self.maxMessage = maxMessage
        }

        /// The most messages kept for the steps to read: a server that floods the connection
        /// fails it instead of filling the memory.
        static let queueLimit = 10_000

        /// Keeps `event` for the next step (on the loop). Nothing is kept after the end. Returns
        /// false when the queue is full (the caller fails the connection).
        @discardableResult
        func put(_ event: Event) -> Bool {
            loop.preconditionInEventLoop()
            guard !ended else { return true }
            if case .message = event {} else { ended = true }
            if let waiting {
                self.waiting = nil
                waiting.succeed(event)
                return true
            }
            if case let .message(bytes, _) = event {
                guard queue.count < Self.queueLimit, queuedBytes + bytes.count <= maxMessage + 16 << 20 else {
                    queue.append(.failed("sent more messages than rest-run keeps unread (\(Self.queueLimit), or 16 MB beyond max_body)"))
                    ended = true
                    return false
                }
                queuedBytes += bytes.count
            }
            queue.append(event)
            return true
        }

        /// The next event, or nil at `deadline`.
        func next(by deadline: NIODeadline) async -> Event? {
            let future: EventLoopFuture<Event?> = loop.flatSubmit {
                if !self.queue.isEmpty {
                    let first = self.queue.removeFirst()
                    if case let .message(bytes, _) = first { self.queuedBytes -= bytes.count }
                    return self.loop.makeSucceededFuture(first)
                }
                let promise = self.loop.makePromise(of: Event?.self)
                self.waiting = promise
                let timeout = self.loop.scheduleTask(deadline: deadline) {
                    if let waiting = self.waiting, waiting.futureResult === promise.futureResult {
                        self.waiting = nil
                        waiting.succeed(nil)
                    }
                }
                promise.futureResult.whenComplete { _ in timeout.cancel() }
                return promise.futureResult
            }
            return (try? await future.get()) ?? nil
        }
    }

    /// Sends the opening handshake's request once connected, and reports a response that is not
    /// an upgrade with its status.
    final class HandshakeRequest: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
        typealias InboundIn = HTTPClientResponsePart
        typealias OutboundOut = HTTPClientRequestPart

        private let target: String
        private let headers: HTTPHeaders
        private let upgraded: EventLoopPromise<HTTPResponseHead>
        private let place: String

        init(target: String, headers: HTTPHeaders, upgraded: EventLoopPromise<HTTPResponseHead>, place: String) {
            self.target = target
            self.headers = headers
            self.upgraded = upgraded
            self.place = place
        }

        func channelActive(context: ChannelHandlerContext) {
            let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            // Only a response that did not upgrade reaches this handler.
            if case let .head(response) = unwrapInboundIn(data) {
                let reason = response.status.reasonPhrase.isEmpty ? "" : " \(response.status.reasonPhrase)"
                upgraded.fail(NetworkError(.protocolError,
                    "\(place) did not upgrade to WebSocket: it answered \(response.status.code)\(reason) instead of 101 Switching Protocols"))
                context.close(promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if let upgradeError = error as? NIOHTTPClientUpgradeError {
                let detail = switch upgradeError {
                case .upgraderDeniedUpgrade: "its 101 response's Sec-WebSocket-Accept does not match the key sent"
                case .responseProtocolNotFound: "its 101 response names no protocol to upgrade to"
                default: "its handshake response is not valid"
                }
                upgraded.fail(NetworkError(.protocolError, "\(place) did not upgrade to WebSocket: \(detail)"))
            } else {
                upgraded.fail(error)
            }
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            upgraded.fail(NetworkError(.connectionClosed, "\(place) closed the connection during the WebSocket handshake"))
            context.fireChannelInactive()
        }
    }

    /// Reads frames after the upgrade: messages put together from their fragments, pings
    /// answered, the close frame and the end of the connection reported.
    final class Inbox: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame

        private let mailbox: Mailbox
        private var fragments: [UInt8] = []
        private var fragmentsBinary = false
        private var inMessage = false

        init(mailbox: Mailbox) {
            self.mailbox = mailbox
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.opcode {
            case .ping:
                var payload = frame.unmaskedData
                let bytes = payload.readBytes(length: payload.readableBytes) ?? []
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(
                    fin: true, opcode: .pong, maskKey: .random(), data: context.channel.allocator.buffer(bytes: bytes))), promise: nil)
            case .pong:
                break
            case .connectionClose:
                var payload = frame.unmaskedData
                let code = payload.readInteger(as: UInt16.self).map(Int.init)
                let reason = payload.readString(length: payload.readableBytes) ?? ""
                mailbox.put(.closed(code: code, reason: reason))
                // The closing handshake: the close is answered with the same code, then the connection ends.
                var answer = context.channel.allocator.buffer(capacity: 2)
                if let code { answer.writeInteger(UInt16(code)) }
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: answer)))
                    .whenComplete { _ in bound.value.close(promise: nil) }
            case .text, .binary, .continuation:
                if frame.opcode == .continuation {
                    guard inMessage else { return fail(context, "sent a continuation frame that continues no message") }
                } else {
                    guard !inMessage else { return fail(context, "started a new message before the last one ended") }
                    inMessage = true
                    fragmentsBinary = frame.opcode == .binary
                }
                var payload = frame.unmaskedData
                guard fragments.count + payload.readableBytes <= mailbox.maxMessage else {
                    return fail(context, "sent a message larger than max_body (\(ByteCount.format(mailbox.maxMessage)))", code: .messageTooLarge)
                }
                fragments += payload.readBytes(length: payload.readableBytes) ?? []
                if frame.fin {
                    let kept = mailbox.put(.message(fragments, binary: fragmentsBinary))
                    fragments = []
                    inMessage = false
                    if !kept { context.close(promise: nil) }
                }
            default:
                fail(context, "sent a frame with an unknown opcode")
            }
        }

        /// Reports `sentence`, then closes as RFC 6455 asks: a close frame with `code` first.
        private func fail(_ context: ChannelHandlerContext, _ sentence: String, code: WebSocketErrorCode = .protocolError) {
            mailbox.put(.failed(sentence))
            var data = context.channel.allocator.buffer(capacity: 2)
            data.write(webSocketErrorCode: code)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data)))
                .whenComplete { _ in bound.value.close(promise: nil) }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if let error = error as? NIOWebSocketError {
                switch error {
                case .multiByteControlFrameLength, .fragmentedControlFrame: fail(context, "sent a malformed control frame")
                case .invalidFrameLength:
                    fail(context, "sent a frame larger than max_body (\(ByteCount.format(mailbox.maxMessage)))", code: .messageTooLarge)
                }
            } else {
                fail(context, "broke the WebSocket protocol (a malformed frame)")
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            mailbox.put(.closed(code: nil, reason: ""))
            context.fireChannelInactive()
        }
    }
}
