import OrderedCollections
package import RestRun

/// `rest-run schema --routes`: a JSON Schema (draft 2020-12) of the mock routes file, its keys
/// from the routes reader's own tables (`MockRoutes.fileKeys`, `routeKeys`, `responseKeys`).
package enum RoutesFileSchema: EditorSchemaWriting {
    static let descriptions: [String: String] = [
        "routes": "The routes, matched in order: the first whose method and path match answers.",
        "gzip": "true: compress responses for clients that accept gzip or deflate.",
        "method": "Match only this method; default any.",
        "path": "The path to match; :name matches one segment, * the rest.",
        "status": "The status to answer with; default 200.",
        "headers": "Headers to answer with.",
        "file": "Answer with this file's bytes, relative to the routes file.",
        "json": "Answer with this value as JSON.",
        "text": "Answer with this text.",
        "echo": "true: answer with the request as JSON (method, path, query, headers, body).",
        "delay": "Wait this long before answering, such as 200ms.",
        "responses": "Answers served in turn, one per request; the last repeats.",
        "websocket": "Accept a WebSocket upgrade: echo, or {on_open: [...], replies: [...], echo, ping, close: {after, code, reason}}.",
        "graphql": "Answer GraphQL requests: {schema: SDL or introspection file (queries are validated), operations: {Name: whole JSON answer}}.",
        "events": "Answer with a text/event-stream: each event a string (its data) or {event, data, json, id, retry, comment, delay}, sent after its delay.",
    ]

    /// The schema, as a value.
    package static var value: DecodedValue {
        let answerTypes: [String: DecodedValue] = [
            "method": .object(["type": .string("string")]),
            "path": .object(["type": .string("string"), "pattern": .string("^/")]),
            "status": .object(["type": .string("integer"), "minimum": .integer(100), "maximum": .integer(599)]),
            "headers": .object(["type": .string("object")]),
            "file": .object(["type": .string("string")]),
            "json": .object([:]),
            "text": .object(["type": .string("string")]),
            "echo": .object(["type": .string("boolean")]),
            "delay": .object(["type": .string("string"), "pattern": .string(#"^[0-9]+(\.[0-9]+)?(ms|s|m)$"#)]),
            "graphql": object(
                keys: MockRoutes.graphqlKeys,
                descriptions: [
                    "schema": "An SDL or introspection JSON file, relative to the routes file: each query is validated against it.",
                    "operations": "Operation name → the whole JSON answer, such as {data: {...}} or {errors: [...]}.",
                ],
                types: ["schema": .object(["type": .string("string")]), "operations": .object(["type": .string("object")])],
                extra: [:]),
            "events": .object(["type": .string("array"), "items": .object(["anyOf": .array([
                .object(["type": .string("string")]),
                object(
                    keys: MockRoutes.eventKeys,
                    descriptions: [
                        "event": "The event type (event: line).", "data": "The data; each of its lines becomes a data: line.",
                        "json": "The data as JSON.", "id": "The event ID (id: line).", "retry": "The reconnection time in ms (retry: line).",
                        "comment": "A comment line (: text).", "delay": "Wait this long after the event before it, such as 100ms.",
                    ],
                    types: [
                        "event": .object(["type": .string("string")]), "data": .object(["type": .string("string")]), "json": .object([:]),
                        "id": .object(["type": .string("string")]), "retry": .object(["type": .string("integer"), "minimum": .integer(0)]),
                        "comment": .object(["type": .string("string")]),
                        "delay": .object(["type": .string("string"), "pattern": .string(#"^[0-9]+(\.[0-9]+)?(ms|s|m)$"#)]),
                    ],
                    extra: [:]),
            ])])]),
        ]
        let response = object(keys: MockRoutes.responseKeys, descriptions: descriptions, types: answerTypes, extra: [:])
        var routeTypes = answerTypes
        let message = DecodedValue.object(["anyOf": .array([.object(["type": .string("string")]), .object(["type": .string("object")])])])
        routeTypes["websocket"] = .object(["anyOf": .array([.object(["const": .string("echo")]), object(
            keys: MockRoutes.webSocketKeys,
            descriptions: [
                "on_open": "Messages sent when the connection opens: strings, {json: ...} or {base64: ...}.",
                "replies": "Answers, one per message received (the last repeats); none: each message is echoed.",
                "echo": "Whether messages are echoed when there are no replies; default true.",
                "ping": "true: send a ping when the connection opens, and report its pong as a text message 'pong'.",
                "close": "Close the connection: {after: N messages received (0: at once), code, reason}.",
            ],
            types: [
                "on_open": .object(["type": .string("array"), "items": message]), "replies": .object(["type": .string("array"), "items": message]),
                "echo": .object(["type": .string("boolean")]), "ping": .object(["type": .string("boolean")]),
                "close": object(
                    keys: MockRoutes.webSocketCloseKeys,
                    descriptions: ["after": "How many messages first.", "code": "The close code.", "reason": "The reason."],
                    types: ["after": .object(["type": .string("integer")]), "code": .object(["type": .string("integer")]), "reason": .object(["type": .string("string")])],
                    extra: [:]),
            ],
            extra: [:])])])
        routeTypes["responses"] = .object(["type": .string("array"), "minItems": .integer(1), "items": response])
        let route = object(
            keys: MockRoutes.routeKeys, descriptions: descriptions, types: routeTypes, extra: ["required": .array([.string("path")])])
        return object(
            keys: MockRoutes.fileKeys, descriptions: descriptions,
            types: ["routes": .object(["type": .string("array"), "items": route]), "gzip": .object(["type": .string("boolean")])],
            extra: [
                "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
                "$id": .string("https://rest-run.dev/schemas/routes-file.json"),
                "title": .string("rest-run mock routes file"),
                "required": .array([.string("routes")]),
            ])
    }
}
