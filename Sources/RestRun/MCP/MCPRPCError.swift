/// A JSON-RPC error an MCP server answered.
package struct MCPRPCError: Sendable {
    /// Its code (-32602 for invalid params).
    package var code: Int
    /// Its message.
    package var message: String
    /// Its `data`, when it has some.
    package var data: DecodedValue?

    /// The error as a JSON object.
    package var value: DecodedValue {
        var members: [(String, DecodedValue)] = [("code", .integer(code)), ("message", .string(message))]
        if let data { members.append(("data", data)) }
        return .object(fromPairs: members)
    }
}
