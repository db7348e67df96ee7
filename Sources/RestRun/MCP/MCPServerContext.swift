/// A file's MCP server as its requests reach it: its address, the client's answers, the
/// environment it starts with, and what it listed when the file loaded.
package struct MCPServerContext: Sendable {
    package var address: MCPServerAddress
    package var answers: MCPClientAnswers
    package var environment: [String: String]
    /// The tools and prompts the server listed, or why it could not.
    package var catalog: Result<MCPCatalog, MCPFailure>?

    /// The values of the server's that are secret: its sensitive headers' (`Authorization`,
    /// anything named like a token or a key) and its environment's, which `-v` and the reports
    /// then redact wherever a server echoes them.
    package var secrets: [String] {
        switch address.transport {
        case let .http(_, headers): headers.filter { Redactor.isSensitiveHeader($0.name) }.map(\.value) + (address.auth?.auth.secrets ?? [])
        case let .stdio(_, environment, _): environment.filter { Redactor.isSensitiveHeader($0.key) }.map(\.value)
        }
    }
}
