/// What an MCP request received beyond its result (the body): a JSON-RPC error, the
/// notifications that arrived while it ran, and every message of the exchange.
package struct MCPReceived: ReceivedContent {
    /// The method sent.
    package var method: String
    /// The JSON-RPC error, when the server answered with one.
    package var error: MCPRPCError?
    /// The notifications, in order, each the whole JSON-RPC object.
    package var notifications: [DecodedValue]
    /// Every message sent and received.
    package var transcript: [MCPTranscriptLine]
    /// Why the rendered arguments were not sent: they do not match the tool's `inputSchema`.
    package var argumentProblems: [String]?

    package func reportText(limit: Int) -> String? {
        error.map { "JSON-RPC error \($0.code): \($0.message)" }
    }

    /// `_mcpMessages`, as WebSocket's `_webSocketMessages`: each message sent or received, its
    /// time in seconds since 1970 and its JSON text.
    package func harFields(redactor: Redactor) -> [(String, DecodedValue)] {
        [("_mcpMessages", .array(transcript.map { line in
            .object(fromPairs: [
                ("type", .string(line.sent ? "send" : "receive")), ("time", .number(line.time)), ("data", .string(redactor.redact(line.text))),
            ])
        }))]
    }
}

extension Response {
    /// What the MCP request received, if the request was one.
    package var mcp: MCPReceived? { received as? MCPReceived }
}
