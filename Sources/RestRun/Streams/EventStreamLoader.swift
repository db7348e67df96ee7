import RestRunYAML

/// Reads a request's `stream:`: `stream: events`, or
/// `stream: { events: true, until, max_events, within, max_event_size }`.
struct EventStreamLoader {
    let context: LoadContext

    static let keys = ["events", "until", "max_events", "within", "max_event_size"]

    func load(_ written: Node) -> EventStreamSettings? {
        let node = context.expanded(written)
        var settings = EventStreamSettings()
        settings.location = context.location(written)
        if let text = node.scalarText, node.pairs == nil {
            guard text == "events" else {
                var message = "'stream' must be 'events' or a mapping such as { events: true, until: {...} }, found '\(text)'"
                if Suggestion.closest(to: text, in: ["events"]) != nil { message += " (did you mean 'events'?)" }
                context.error(message, at: node)
                return nil
            }
            return settings
        }
        guard let entries = context.mapping(node, "'stream'", allowed: Self.keys) else { return nil }
        var isEvents = false
        for (key, value, keyNode) in entries {
            switch key {
            case "events":
                isEvents = context.bool(value, "'events'") ?? false
                if context.bool(value, "'events'") == false {
                    context.error("'events: false' reads no stream: leave 'stream' out instead", at: value)
                }
            case "until":
                settings.untilLocation = context.location(keyNode)
                let expectations = ExpectationLoader(context: context)
                context.forEachEntry(value, "'until'") { path, predicateNode, pathNode in
                    guard let jsonPath = expectations.parsePath(path, node: pathNode),
                          let predicate = expectations.predicate(predicateNode, operands: .json)
                    else { return }
                    settings.until.append(EventStreamSettings.StopCondition(path: jsonPath, predicate: predicate))
                }
            case "max_events": settings.maxEvents = context.integer(value, "'max_events'", minimum: 1)
            case "within": settings.within = context.duration(value, "'within'")
            case "max_event_size": settings.maxEventSize = context.size(value, "'max_event_size'") ?? settings.maxEventSize
            default: break
            }
        }
        if !isEvents, !entries.contains(where: { $0.key == "events" }) {
            context.error("'stream' needs 'events: true' (the one kind of stream rest-run reads)", at: node)
            return nil
        }
        return isEvents ? settings : nil
    }
}
