extension EventLog: ReceivedContent {
    /// The events written back as a `text/event-stream` (`event:`, `id:`, `data:` lines, a blank
    /// line after each), up to about `limit` bytes: what the reports show of a body not kept;
    /// nil when there are none.
    package func reportText(limit: Int) -> String? {
        guard count > 0 else { return nil }
        var text = ""
        for index in 0..<count where text.utf8.count < limit {
            let event = self[index]
            if event.type != "message" { text += "event: \(event.type)\n" }
            if !event.id.isEmpty { text += "id: \(event.id)\n" }
            for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
            text += "\n"
        }
        return text
    }
}
