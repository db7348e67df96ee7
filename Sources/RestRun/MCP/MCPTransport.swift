/// How JSON-RPC messages go to an MCP server and come back: over a program's standard input
/// and output (`MCPStdioTransport`) or Streamable HTTP (`MCPHTTPTransport`). What the server
/// sends goes to the session's `receive`, with the id of the request whose answer carried it
/// when the transport knows it (an HTTP POST's).
protocol MCPTransport: Sendable {
    /// Sends one message. Over HTTP, the messages of the server's answer to it are received
    /// before this returns; `headers` go with the POST (a program's standard input has none).
    func send(_ message: [UInt8], answering id: Int?, headers: [MCPHeader], within limit: Duration) async throws(MCPFailure)
    /// The last lines the server wrote to its standard error (none over HTTP).
    var serverErrors: [String] { get }
    /// Ends the connection, and the server when rest-run started it, waiting a few seconds at most.
    func end()
}
