/// A conversation as the networker hands it out: every message goes into the transcript the
/// reports read and past the delegates that observe conversations.
struct ObservedConversation: Conversation {
    let inner: any Conversation
    let transcript: ConversationTranscript
    let networking: any Networking
    let request: PreparedRequest
    let observers: [any ConversationObserver]

    func send(_ message: ConversationMessage) async throws {
        try await inner.send(message)
        record(message, sent: true)
    }

    func next(within timeout: Duration) async throws -> ConversationMessage? {
        guard let message = try await inner.next(within: timeout) else { return nil }
        record(message, sent: false)
        return message
    }

    func end() {
        inner.end()
    }

    private func record(_ message: ConversationMessage, sent: Bool) {
        transcript.append(message, sent: sent)
        for observer in observers { observer.networking(networking, didExchange: message, sent: sent, for: request) }
    }
}
