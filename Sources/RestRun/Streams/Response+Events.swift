extension Response {
    /// What an `events:` expectation at `path` reads of the stream: only the event `$[0]...` or
    /// `$[-1]...` names, as many nulls as there are events when only their `count` is checked,
    /// else the path over every event (made once into `cache` for all the request's paths, with
    /// `json` when `readsJSON`); a response without a stream has no events. Nil when nothing is there.
    package func events(at path: JSONPath, counting: Bool, readsJSON: Bool, cache: inout DecodedValue?) -> DecodedValue? {
        guard let received = stream else {
            let nodes = path.select(.array([]))
            return path.isSingular ? nodes.first : .array(nodes)
        }
        if let (event, rest) = path.splitLeadingIndex(count: received.events.count) {
            let nodes = event.map { rest.select(received.events[$0].value(includingJSON: EventStreamSettings.readsJSON(rest, overList: false))) } ?? []
            return nodes.first
        }
        if path.source == "$[*]", counting {
            return .array(Array(repeating: .null, count: received.events.count))
        }
        if cache == nil { cache = received.value(includingJSON: readsJSON) }
        let nodes = path.select(cache ?? .array([]))
        return path.isSingular ? nodes.first : .array(nodes)
    }
}
