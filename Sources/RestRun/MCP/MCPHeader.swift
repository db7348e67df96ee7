/// A header an MCP server's POSTs carry.
package struct MCPHeader: Sendable, Hashable {
    /// Its name.
    package var name: String
    /// Its value.
    package var value: String
}
