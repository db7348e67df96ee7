/// One event of a mock route's `events:` stream, written as the event-stream format says, after
/// its delay.
package struct MockEvent: Sendable {
    /// The event's lines, ending with the blank line that dispatches it (or a comment line).
    package var text: String
    /// How long to wait before sending it, after the one before.
    package var delay: Duration?

    /// `event: x`, `id: y`, `retry: n`, then one `data:` line per line of `data`.
    package init(type: String? = nil, data: String?, id: String? = nil, retry: Int? = nil, comment: String? = nil, delay: Duration? = nil) {
        var lines: [String] = []
        if let comment { lines.append(": " + comment) }
        if let type { lines.append("event: " + type) }
        if let id { lines.append("id: " + id) }
        if let retry { lines.append("retry: \(retry)") }
        if let data {
            for line in data.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("data: " + line) }
        }
        text = lines.joined(separator: "\n") + (data == nil && type == nil && id == nil && retry == nil ? "\n" : "\n\n")
        self.delay = delay
    }
}
