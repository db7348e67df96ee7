import OrderedCollections
extension GRPCLoader: EditorSchemaWriting {
    /// `grpc:` in the editor schema: what it says, and the shape of its value.
    static var editorSchema: (key: String, description: String, schema: DecodedValue) {
        (key: "grpc", description: "A gRPC call {method, message | messages} to the grpc:// or grpcs:// url; messages in the proto3 JSON mapping.", schema: editorSchemaValue)
    }

    /// `grpc_status:` and `grpc_message:` of `expect:` in the editor schema.
    static var expectEditorSchemas: [(key: String, description: String, schema: DecodedValue)] {
        [
            ("grpc_status", "With grpc: the status expected, a name such as NOT_FOUND (any case) or its number; default OK.",
             .object(["anyOf": .array([
                 .object(["type": .string("integer"), "minimum": .integer(0), "maximum": .integer(16)]),
                 .object(["type": .string("string"), "pattern": .string("^(?i)(ok|cancell?ed|unknown|invalid_argument|deadline_exceeded|not_found|already_exists|permission_denied|resource_exhausted|failed_precondition|aborted|out_of_range|unimplemented|internal|unavailable|data_loss|unauthenticated)$")]),
             ])])),
            ("grpc_message", "With grpc: a predicate on the status message.", ref("predicate")),
        ]
    }

    /// `proto:`, `import_paths:` and `protoset:` of a file in the editor schema.
    static var fileEditorSchemas: [(key: String, description: String, schema: DecodedValue)] {
        [
            ("proto", ".proto files (a path or a list, relative to this file) that declare the services grpc: calls; read by rest-run itself, no protoc.",
             .object(["anyOf": .array([string(nil), stringList])])),
            ("import_paths", "Folders the imports of the proto: files are looked for in, relative to this file; default each file's own folder.",
             .object(["anyOf": .array([string(nil), stringList])])),
            ("protoset", "A compiled FileDescriptorSet (protoc --descriptor_set_out, buf build -o) that declares the services grpc: calls.", string(nil)),
        ]
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
