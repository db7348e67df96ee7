import OrderedCollections

extension MCPLoader: EditorSchemaWriting {
    /// `mcp:` in the editor schema: what it says, and the shape of its value.
    static var editorSchema: (key: String, description: String, schema: DecodedValue) {
        (key: "mcp", description: "A request to the file's MCP server (mcp_server:): a tool call, a list, a resource, a prompt, or any JSON-RPC method.", schema: editorSchemaValue)
    }

    /// `mcp_error:`, `rpc_error:` and `notifications:` of `expect:` in the editor schema.
    static var expectEditorSchemas: [(key: String, description: String, schema: DecodedValue)] {
        [
            ("mcp_error", "With mcp: whether the tool reports an error (isError); default false: a tool's error fails the request.", .object(["type": .string("boolean")])),
            ("rpc_error", "With mcp: the JSON-RPC error expected: its code, or {code, message: predicate}.",
             .object(["anyOf": .array([.object(["type": .string("integer")]), .object(["type": .string("object")])])])),
            ("notifications", "With mcp: JSONPath checks over the notifications the server sent while the request ran, in order.", .object(["type": .string("object")])),
        ]
    }

    /// `mcp_server:` and `mcp_client:` of a file in the editor schema.
    static var fileEditorSchemas: [(key: String, description: String, schema: DecodedValue)] {
        [
            ("mcp_server", "The MCP server mcp: requests go to: command: [program, args...] (stdio, with env: and cwd:) or url: (Streamable HTTP, with headers:); protocol: pins a revision.",
             object(
                keys: MCPServerSetting.keys,
                descriptions: [
                    "command": "The program and its arguments, run over stdio once per run.",
                    "env": "Variables added to the server's minimal environment.",
                    "cwd": "The folder it starts in; default this file's.",
                    "url": "A Streamable HTTP endpoint.",
                    "headers": "Headers every POST carries.",
                    "auth": "As a request's auth: (bearer, basic, oauth2, digest, aws_sigv4), applied to every POST.",
                    "protocol": "The MCP revision to speak: " + MCPSession.revisions.joined(separator: ", ") + "; default the newest the server speaks.",
                    "insecure": "Whether an HTTPS server's certificate goes unchecked.",
                    "ca_file": "CA certificates an HTTPS server's certificate is checked against.",
                ],
                types: [
                    "command": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
                    "env": .object(["type": .string("object")]),
                    "headers": .object(["type": .string("object")]),
                    "protocol": .object(["enum": .array(MCPSession.revisions.map { .string($0) })]),
                    "insecure": .object(["type": .string("boolean")]),
                ],
                extra: [:])),
            ("mcp_client", "What rest-run answers when the MCP server asks: roots:, sampling: (a result, or a list used in turn), elicitation: ({action, content}).",
             object(
                keys: MCPServerSetting.clientKeys,
                descriptions: [
                    "roots": "The roots roots/list answers.",
                    "sampling": "The sampling/createMessage result, or a list of them used in turn.",
                    "elicitation": "The elicitation/create answer: {action: accept, content: {...}}, decline or cancel.",
                ],
                types: ["roots": .object(["type": .string("array")])],
                extra: [:])),
        ]
    }

    private static var editorSchemaValue: DecodedValue {
        object(
            keys: MCPLoader.keys,
            descriptions: [
                "tool": "tools/call of this tool.",
                "list": "Every page of: tools, resources, resource_templates or prompts.",
                "resource": "resources/read of this URI.",
                "prompt": "prompts/get of this prompt.",
                "method": "Any other JSON-RPC request (ping, completion/complete, ...).",
                "initialize": "The server's initialize result (or what the stateless revision gives), read when the run starts.",
                "arguments": "The tool's or prompt's arguments; a value that is exactly {{name}} keeps its type.",
                "params": "A raw request's params.",
                "validate": "false sends the arguments without checking them against the tool's inputSchema.",
            ],
            types: [
                "tool": string(nil), "prompt": string(nil), "method": string(nil), "resource": string(nil),
                "list": .object(["enum": .array(MCPListKind.allCases.map { .string($0.rawValue) })]),
                "arguments": .object(["type": .string("object")]), "params": .object(["type": .string("object")]),
                "validate": .object(["type": .string("boolean")]),
            ],
            extra: [:])
    }
}
