/// Why a tool of `rest-run mcp` could not do what it was asked: one sentence, the tool's result
/// with `isError: true`.
struct MCPToolFailure: Error, Sendable {
    let message: String
}
