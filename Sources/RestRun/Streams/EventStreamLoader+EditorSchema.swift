import OrderedCollections
extension EventStreamLoader: EditorSchemaWriting {
    /// `stream:` in the editor schema: what it says, and the shape of its value.
    static var editorSchema: (key: String, description: String, schema: DecodedValue) {
        (key: "stream", description: "events, or {events: true, until, max_events, within, max_event_size}: read the response as a text/event-stream, event by event.", schema: editorSchemaValue)
    }

    private static var editorSchemaValue: DecodedValue {
        .object(["anyOf": .array([
            .object(["const": .string("events")]),
            object(
                keys: EventStreamLoader.keys,
                descriptions: [
                    "events": "true: read a text/event-stream.",
                    "until": "Stop at the first event for which every JSONPath (over {event, data, id, json}) meets its predicate; it is kept.",
                    "max_events": "Stop after this many events.",
                    "within": "The stream must end (or meet until) within this time; default the request's timeout.",
                    "max_event_size": "The largest event accepted, such as 64KB; default 1MB.",
                ],
                types: [
                    "events": .object(["const": .bool(true)]),
                    "until": .object(["type": .string("object"), "additionalProperties": ref("predicate")]),
                    "max_events": .object(["type": .string("integer"), "minimum": .integer(1)]),
                    "within": ref("duration"),
                    "max_event_size": .object(["anyOf": .array([.object(["type": .string("integer"), "minimum": .integer(1)]), string(nil)])]),
                ],
                extra: [:]),
        ])])
    }
}
