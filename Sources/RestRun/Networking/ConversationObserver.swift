/// A delegate that also hears each message of a conversation as it goes (`-v` shows them live).
package protocol ConversationObserver: Sendable {
    /// Called for every message sent or received on a conversation `request` opened.
    func networking(_ networking: any Networking, didExchange message: ConversationMessage, sent: Bool, for request: PreparedRequest)
}
