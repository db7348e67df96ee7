import OrderedCollections
extension GRPCLoader: EditorSchemaWriting {
    /// `grpc:` in the editor schema: what it says, and the shape of its value.
    static var editorSchema: (key: String, description: String, schema: DecodedValue) {
        (key: "grpc", description: "A gRPC call {method, message | messages} to the grpc:// or grpcs:// url; messages in the proto3 JSON mapping.", schema: editorSchemaValue)
    }

    private static var editorSchemaValue: DecodedValue {
        object(
            keys: GRPCLoader.keys,
            descriptions: [
                "method": "The method: package.Service/Method.",
                "message": "The request message (unary and server-streaming methods), in the proto3 JSON mapping; a value that is exactly {{name}} keeps its type.",
                "messages": "The request messages (client- and bidirectional-streaming methods), in order: a list, or a {{variable}} holding one.",
            ],
            types: [
                "method": .object(["type": .string("string"), "pattern": .string("^/?[A-Za-z_][A-Za-z0-9_.]*[/.][A-Za-z_][A-Za-z0-9_]*$")]),
                "message": .object(["type": .string("object")]),
                "messages": .object(["anyOf": .array([.object(["type": .string("array")]), string(nil)])]),
            ],
            extra: ["required": .array([.string("method")])])
    }
}
