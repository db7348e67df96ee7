/// One JSON-RPC message of an exchange with an MCP server.
package struct MCPTranscriptLine: Sendable {
    /// Whether rest-run sent it.
    package var sent: Bool
    /// The message as JSON text.
    package var text: String
    /// When it was sent or received, in seconds since 1970.
    package var time = WallClock.secondsSince1970()
}
