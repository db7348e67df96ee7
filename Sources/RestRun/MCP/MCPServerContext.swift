/// A file's MCP server as its requests reach it: its address, the client's answers, the
/// environment it starts with, and what it listed when the file loaded.
package struct MCPServerContext: Sendable {
    package var address: MCPServerAddress
    package var answers: MCPClientAnswers
    package var environment: [String: String]
    /// The tools and prompts the server listed, or why it could not.
    package var catalog: Result<MCPCatalog, MCPFailure>?
}
