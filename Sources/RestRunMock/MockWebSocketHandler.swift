package import NIOCore
package import NIOWebSocket

/// Plays a route's `MockWebSocket` on an upgraded connection.
package final class MockWebSocketHandler: ChannelInboundHandler, @unchecked Sendable {
    package typealias InboundIn = WebSocketFrame
    package typealias OutboundOut = WebSocketFrame

    private let script: MockWebSocket
    private var received = 0
    private var fragments: [UInt8] = []
    private var closing = false

    package init(script: MockWebSocket) {
        self.script = script
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        for message in script.onOpen { send(message, context: context) }
        if script.ping {
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: context.channel.allocator.buffer(string: "mock"))), promise: nil)
        }
        if script.closeAfter == 0 { close(context: context) }
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .pong:
            send(.text("pong"), context: context)
        case .ping:
            var payload = frame.unmaskedData
            let bytes = payload.readBytes(length: payload.readableBytes) ?? []
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: context.channel.allocator.buffer(bytes: bytes))), promise: nil)
        case .connectionClose:
            if closing {
                context.close(promise: nil)
                return
            }
            // The client closes: the mock answers with the same code.
            closing = true
            var payload = frame.unmaskedData
            var answer = context.channel.allocator.buffer(capacity: 2)
            if let code = payload.readInteger(as: UInt16.self) { answer.writeInteger(code) }
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: answer)))
                .whenComplete { _ in bound.value.close(promise: nil) }
        case .text, .binary, .continuation:
            var payload = frame.unmaskedData
            fragments += payload.readBytes(length: payload.readableBytes) ?? []
            guard frame.fin else { return }
            let message = fragments
            fragments = []
            received += 1
            if !script.replies.isEmpty {
                send(script.replies[min(received, script.replies.count) - 1], context: context)
            } else if script.echo {
                send(frame.opcode == .binary ? .binary(message) : .text(String(decoding: message, as: UTF8.self)), context: context)
            }
            if let after = script.closeAfter, received >= after { close(context: context) }
        default:
            break
        }
    }

    private func send(_ message: MockWebSocket.Outgoing, context: ChannelHandlerContext) {
        guard !closing else { return }
        let frame = switch message {
        case let .text(text): WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text))
        case let .binary(bytes): WebSocketFrame(fin: true, opcode: .binary, data: context.channel.allocator.buffer(bytes: bytes))
        }
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    private func close(context: ChannelHandlerContext) {
        guard !closing else { return }
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2 + script.closeReason.utf8.count)
        data.writeInteger(UInt16(clamping: script.closeCode))
        data.writeString(script.closeReason)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

