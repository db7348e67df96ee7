/// Events as failures and `-v` show them: one line each, long data cut.
enum EventStreamText {
    /// The most events a failure lists: the first and the last ones.
    static let shownEvents = 6

    /// `event 3: message "hello"`: one event on one line.
    static func line(_ event: DecodedValue, number: Int) -> String {
        guard case let .object(fields) = event else { return "event \(number)" }
        let type = fields["event"]?.stringValue ?? "message"
        let data = fields["data"]?.stringValue ?? ""
        let id = fields["id"]?.stringValue ?? ""
        return "event \(number): \(type)\(id.isEmpty ? "" : " (id \(id))") " + ShownText.shown(.string(data), .json).description
    }

    /// The notes under a stream failure: how many events arrived, and the first and last of them.
    static func notes(_ events: [DecodedValue]) -> [String] {
        guard !events.isEmpty else { return ["no event arrived"] }
        var lines = ["\(events.count) event\(events.count == 1 ? "" : "s") received:"]
        let shown: [Int] = events.count <= shownEvents
            ? Array(events.indices) : Array(0..<(shownEvents - 2)) + [events.count - 2, events.count - 1]
        for (position, index) in shown.enumerated() {
            if position > 0, index != shown[position - 1] + 1 { lines.append("  …") }
            lines.append("  " + line(events[index], number: index + 1))
        }
        return lines
    }
}
