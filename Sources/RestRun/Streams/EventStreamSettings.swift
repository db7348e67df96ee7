/// A request's `stream:`: its response is read as a `text/event-stream`, event by event, until
/// the stream ends, `until` holds for an event, `maxEvents` have arrived, or `within` runs out.
package struct EventStreamSettings: Sendable {
    /// One condition of `until:`: a JSONPath over one event and the predicate its value must meet.
    package struct StopCondition: Sendable {
        /// The path, over the event's `{event, data, id, json}`.
        package var path: JSONPath
        /// What its value must meet.
        package var predicate: Predicate
    }

    /// Every condition must hold for one event (the event is kept).
    package var until: [StopCondition] = []
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

    /// Whether `path` may read an event's `json`: over one event, or over the list of them
    /// (`overList`, whose first segment picks events). It does when a segment at an event's level
    /// or below names `json`, or may reach it: a wildcard, a filter, a descendant segment. A
    /// filter that picks events may read it too.
    package static func readsJSON(_ path: JSONPath, overList: Bool) -> Bool {
        for (place, segment) in path.segments.enumerated() {
            switch segment {
            case .descendant:
                return true
            case let .child(selectors):
                for selector in selectors {
                    switch selector {
                    case .filter: return true
                    case .wildcard where !(overList && place == 0): return true
                    case .name("json") where !(overList && place == 0): return true
                    default: continue
                    }
                }
            }
        }
        return false
    }

}
