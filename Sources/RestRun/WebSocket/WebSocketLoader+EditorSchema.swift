import OrderedCollections
extension WebSocketLoader: EditorSchemaWriting {
    /// `websocket:` in the editor schema: what it says, and the shape of its value.
    static var editorSchema: (key: String, description: String, schema: DecodedValue) {
        (key: "websocket", description: "A WebSocket exchange: steps run in order after the handshake (send, receive, close, expect_close); a ws:// or wss:// URL is one too.", schema: editorSchemaValue)
    }

    private static var editorSchemaValue: DecodedValue {
        .object(["type": .string("array"), "items": object(
            keys: WebSocketLoader.stepKeys,
            descriptions: [
                "send": "Send a message: a text, or {text | json | base64}; templates allowed.",
                "receive": "Wait for the next message: {expect: {json, body, schema}, capture: {...}, within: 2s}.",
                "close": "Close the connection: {code: 1000, reason: ...}.",
                "expect_close": "The server closes the connection: {code: 1000, within: 5s}, or a code.",
            ],
            types: [
                "send": .object(["anyOf": .array([string(nil), object(
                    keys: WebSocketLoader.sendKeys,
                    descriptions: ["text": "A text message.", "json": "A text message of JSON.", "base64": "A binary message, written in base64."],
                    types: ["text": string(nil), "json": .object([:]), "base64": string(nil)], extra: ["minProperties": .integer(1), "maxProperties": .integer(1)])])]),
                "receive": .object(["anyOf": .array([.object(["type": .string("null")]), object(
                    keys: WebSocketLoader.receiveKeys,
                    descriptions: [
                        "expect": "Checks on the message as a body: json, body, schema.",
                        "capture": "Values taken from the message.",
                        "within": "How long to wait for it; default 10s.",
                    ],
                    types: ["expect": ref("expect"), "capture": ref("capture"), "within": ref("duration")], extra: [:])])]),
                "close": .object(["anyOf": .array([.object(["type": .string("null")]), object(
                    keys: WebSocketLoader.closeKeys,
                    descriptions: ["code": "The close code; default 1000.", "reason": "The reason, at most 123 bytes."],
                    types: ["code": .object(["type": .string("integer")]), "reason": string(nil)], extra: [:])])]),
                "expect_close": .object(["anyOf": .array([.object(["type": .string("integer")]), .object(["type": .string("null")]), object(
                    keys: WebSocketLoader.expectCloseKeys,
                    descriptions: ["code": "The close code the server must send.", "within": "How long to wait; default 10s."],
                    types: ["code": .object(["type": .string("integer")]), "within": ref("duration")], extra: [:])])]),
            ],
            extra: ["minProperties": .integer(1), "maxProperties": .integer(1)])])
    }
}
