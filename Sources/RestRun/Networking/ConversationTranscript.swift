import Synchronization

/// What went each way in a conversation, in order, with the time of each message: what the
/// reports and `--report-har` show. It keeps the first `limit` messages.
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

    private let entries = Mutex<[TranscriptLine]>([])

    /// An empty transcript.
    package init() {}

    /// Adds `message`, sent or received now.
    package func append(_ message: ConversationMessage, sent: Bool) {
        let time = WallClock.secondsSince1970()
        entries.withLock { entries in
            if entries.count < Self.limit { entries.append(TranscriptLine(sent: sent, message: message, time: time)) }
        }
    }

    /// The messages kept, in order.
    package var lines: [TranscriptLine] { entries.withLock { $0 } }
}
