/// A request's `stream:`: its response is read as a `text/event-stream`, event by event, until
/// the stream ends, `until` holds for an event, `maxEvents` have arrived, or `within` runs out.
package struct EventStreamSettings: Sendable {
    /// One condition of `until:`: a JSONPath over one event and the predicate its value must meet.
    package struct Condition: Sendable {
        /// The path, over the event's `{event, data, id, json}`.
        package var path: JSONPath
        /// What its value must meet.
        package var predicate: Predicate
    }

    /// Every condition must hold for one event (the event is kept).
    package var until: [Condition] = []
    /// Where `until:` was written.
    package var untilLocation: SourceLocation?
    /// Stop after this many events.
    package var maxEvents: Int?
    /// The whole stream must end, or meet `until`, within this time (the request's timeout otherwise).
    package var within: Duration?
    /// The largest event (or line) accepted, in bytes.
    package var maxEventSize = EventStreamSettings.defaultMaxEventSize
    /// Where `stream:` was written.
    package var location: SourceLocation?

    /// The default `max_event_size`: 1 MB.
    package static let defaultMaxEventSize = 1024 * 1024
    /// The most events one response may send without `max_events`: more fails the request, so a
    /// flood of tiny events cannot fill the memory.
    package static let eventLimit = 100_000

    /// Creates settings with the defaults.
    package init() {}

    /// Whether `path` (over an event, or over the list of them) may read an event's `json`: it
    /// names it, or descends or wildcards below the top.
    package static func readsJSON(_ path: JSONPath) -> Bool {
        let source = path.source
        return source.contains("json") || source.contains("..") || source.dropFirst(4).contains("*") || source.contains("?")
    }

}
