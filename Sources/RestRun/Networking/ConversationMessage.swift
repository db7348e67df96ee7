/// One message of a `Conversation`, sent or received.
public enum ConversationMessage: Sendable, Equatable {
    /// A text message.
    case text(String)
    /// A binary message.
    case binary([UInt8])
    /// A close: its code (none when the connection ended without one) and reason.
    case close(code: Int?, reason: String)

    /// The message's bytes: the text's UTF-8, the binary bytes, or none for a close.
    public var bytes: [UInt8] {
        switch self {
        case let .text(text): Array(text.utf8)
        case let .binary(bytes): bytes
        case .close: []
        }
    }

    /// How the message is shown: its text, `(3 bytes binary)`, or `close 1000 "bye"`.
    package var shown: String {
        switch self {
        case let .text(text): text
        case let .binary(bytes): "(\(ByteCount.format(bytes.count)) binary)"
        case let .close(code, reason): "close " + Self.closeText(code, reason)
        }
    }

    /// `1000 "bye"`, `1000`, or `no close frame`.
    package static func closeText(_ code: Int?, _ reason: String) -> String {
        guard let code else { return "no close frame" }
        return reason.isEmpty ? "\(code)" : "\(code) \"\(reason)\""
    }
}
