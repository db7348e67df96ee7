import RestRun
import Synchronization

/// A fake WebSocket peer: it answers every message with `ok`, and a close with the same close.
final class FakeChat: Conversation {
    let inbox = Mutex<[ConversationMessage]>([])

    func send(_ message: ConversationMessage) async throws {
        let reply: ConversationMessage = if case .close = message { message } else { .text("ok") }
        inbox.withLock { $0.append(reply) }
    }

    func next(within timeout: Duration) async throws -> ConversationMessage? {
        inbox.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    func end() {}

    /// A 101 response to `request` that opened a `FakeChat`, as a fake `Networking` returns it.
    static func handshake(_ request: PreparedRequest) -> Response {
        var response = Response(status: 101, url: request.url)
        response.conversation = FakeChat()
        return response
    }
}
