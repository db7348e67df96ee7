package import RestRun

/// What `rest-run fuzz` found calling an MCP server's tool: the check, the (shrunk) arguments
/// that show it, and what happened.
package struct MCPFuzzFinding: Sendable {
    /// The tool.
    package var tool: String
    /// The check that failed.
    package var check: FuzzCheck
    /// The arguments, shrunk as far as they still show it.
    package var arguments: DecodedValue
    /// Whether the arguments are ones the tool's `inputSchema` refuses (sent with `validate: false`).
    package var negative: Bool
    /// What was broken to make them, for a negative case.
    package var change: String?
    /// What happened, in one sentence.
    package var message: String
    /// Whether the server crashed or hung (the finding replays as exit 3).
    package var serverFailed: Bool
    /// Where the finding was saved as a request file.
    package var file: String?

    /// The finding as a JSON object (an NDJSON `finding` line's members).
    package var members: [(String, DecodedValue)] {
        var members: [(String, DecodedValue)] = [
            ("tool", .string(tool)), ("check", .string(check.rawValue)), ("summary", .string(check.summary)), ("message", .string(message)),
            ("negative", .bool(negative)), ("arguments", arguments),
        ]
        if let change { members.append(("change", .string(change))) }
        if let file { members.append(("file", .string(file))) }
        return members
    }
}
