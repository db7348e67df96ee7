/// Events as failures and `-v` show them: one line each, long data cut.
enum EventStreamText {
    /// The most events a failure lists: the first and the last ones.
    static let shownEvents = 6

    /// `event 3: message "hello"`: one event on one line.
    static func line(_ event: ServerSentEvent, number: Int) -> String {
        "event \(number): \(event.type)\(event.id.isEmpty ? "" : " (id \(event.id))") " + ShownText.shown(.string(event.data), .json).description
    }

    /// The notes under a stream failure: how many events arrived, and the first and last of them.
    static func notes(_ events: EventLog) -> [String] {
        guard !events.isEmpty else { return ["no event arrived"] }
        var lines = ["\(events.count) event\(events.count == 1 ? "" : "s") received:"]
        let shown: [Int] = events.count <= shownEvents
            ? Array(0..<events.count) : Array(0..<(shownEvents - 2)) + [events.count - 2, events.count - 1]
        for (position, index) in shown.enumerated() {
            if position > 0, index != shown[position - 1] + 1 { lines.append("  …") }
            lines.append("  " + line(events[index], number: index + 1))
        }
        return lines
    }
}
