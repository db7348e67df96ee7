import Synchronization

/// What went each way in a conversation, in order, with the time of each message: what the
/// reports and `--report-har` show. It keeps the first `limit` messages and counts the rest.
package final class ConversationTranscript: Sendable {
    /// One message and when it went.
    package struct TranscriptLine: Sendable {
        /// Whether the client sent it (else it was received).
        package var sent: Bool
        /// The message.
        package var message: ConversationMessage
        /// Seconds since 1970 when it was sent or arrived.
        package var time: Double
    }

    /// The most messages kept.
    package static let limit = 1000

    private let state = Mutex<(entries: [TranscriptLine], dropped: Int)>(([], 0))

    /// An empty transcript.
    package init() {}

    /// Adds `message`, sent or received now.
    package func append(_ message: ConversationMessage, sent: Bool) {
        let time = WallClock.secondsSince1970()
        state.withLock { state in
            if state.entries.count < Self.limit {
                state.entries.append(TranscriptLine(sent: sent, message: message, time: time))
            } else {
                state.dropped += 1
            }
        }
    }

    /// The messages kept, in order.
    package var entries: [TranscriptLine] { state.withLock { $0.entries } }
}
