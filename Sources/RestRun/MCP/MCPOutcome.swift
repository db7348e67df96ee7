/// What one JSON-RPC request to an MCP server came to: its result or its error, the
/// notifications the server sent while it ran, and every message of the exchange in order.
package struct MCPOutcome: Sendable {
    /// The `result`, when the server answered with one.
    package var result: DecodedValue?
    /// The `error`, when the server answered with one.
    package var error: MCPRPCError?
    /// The notifications that arrived while the request ran, each the whole JSON-RPC object.
    package var notifications: [DecodedValue] = []
    /// Every message sent (`>`) and received (`<`) for the request, as JSON text.
    package var transcript: [MCPTranscriptLine] = []
}
