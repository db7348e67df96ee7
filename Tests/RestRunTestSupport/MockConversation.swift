public import RestRun
import Synchronization

/// A `Conversation` for tests: it answers every message sent with the next of its canned replies
/// (a list per message; an empty list answers nothing), and records what was sent.
public final class MockConversation: Conversation {
    private let state: Mutex<(replies: [[ConversationMessage]], inbox: [ConversationMessage], sent: [ConversationMessage], ended: Bool)>

    /// Creates a conversation that first has `greeting` waiting, then answers the Nth message
    /// sent with `replies[N - 1]`; a close is always answered with the same close.
    public init(greeting: [ConversationMessage] = [], replies: [[ConversationMessage]] = []) {
        state = Mutex((replies, greeting, [], false))
    }

    /// Every message sent, in order.
    public var sent: [ConversationMessage] { state.withLock { $0.sent } }
    /// Whether `end()` was called.
    public var ended: Bool { state.withLock { $0.ended } }

    /// Records `message` and queues its replies.
    public func send(_ message: ConversationMessage) async throws {
        try state.withLock { state in
            guard !state.ended else { throw NetworkError(.connectionClosed, "cannot send: the connection is closed") }
            state.sent.append(message)
            if case .close = message {
                state.inbox.append(message)
            } else if !state.replies.isEmpty {
                state.inbox += state.replies.removeFirst()
            }
        }
    }

    /// The next queued message, or nil at once when none is queued (nothing else will come).
    public func next(within timeout: Duration) async throws -> ConversationMessage? {
        state.withLock { state in state.inbox.isEmpty ? nil : state.inbox.removeFirst() }
    }

    /// Marks the conversation ended.
    public func end() {
        state.withLock { $0.ended = true }
    }
}
