/// What a step's result keeps of an MCP request beyond its body (redacted): the JSON-RPC
/// messages sent and received, and the error the server answered, for the console and the
/// reports.
struct MCPMessages: ExchangeDetails {
    let method: String
    let error: MCPRPCError?
    let transcript: [MCPTranscriptLine]
    let notificationCount: Int

    init(_ received: MCPReceived, redactor: Redactor) {
        method = received.method
        error = received.error.map { MCPRPCError(code: $0.code, message: redactor.redact($0.message), data: nil) }
        transcript = received.transcript.map { MCPTranscriptLine(sent: $0.sent, text: redactor.redact($0.text), time: $0.time) }
        notificationCount = received.notifications.count
    }

    var firstArrival: Duration? { nil }

    var statusText: String? { error.map { "RPC \($0.code)" } ?? "OK" }

    var reportMembers: [(String, DecodedValue)] {
        var members: [(String, DecodedValue)] = [("mcp_method", .string(method))]
        if let error { members.append(("rpc_error", error.value)) }
        members.append(("mcp_messages", .array(transcript.map { line in
            .object(fromPairs: [("type", .string(line.sent ? "send" : "receive")), ("data", .string(line.text))])
        })))
        return members
    }

    func reportLines(limit: Int) -> (count: Int, noun: String, lines: [String]) {
        (transcript.count, "message", transcript.prefix(limit).map { ($0.sent ? "> " : "< ") + $0.text })
    }
}
