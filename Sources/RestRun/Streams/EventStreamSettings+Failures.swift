extension EventStreamSettings {
    /// A stream that was not one, or that ended before `until:` held (exit 4: the server answered).
    package func failures(of received: ReceivedStream, response: Response) -> [Diagnostic] {
        guard (200...299).contains(response.status) else { return [] }
        guard received.isEventStream else {
            let type = response.headers["Content-Type"].map { "Content-Type \($0)" } ?? "no Content-Type"
            return [Diagnostic("the response is not an event stream: expected Content-Type text/event-stream, found \(type)", at: location)]
        }
        guard !until.isEmpty, received.end == .closed else { return [] }
        let count = received.events.count
        return [Diagnostic(
            "the event stream ended after \(count) event\(count == 1 ? "" : "s") before 'until' held", at: untilLocation ?? location,
            notes: EventStreamText.notes(received.events))]
    }
}
