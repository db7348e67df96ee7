/// Why an MCP server gave no answer: it could not be started or reached, it stopped, it wrote
/// something that is not JSON-RPC, or it did not answer in time. One sentence, with the last
/// lines the server wrote to its standard error.
package struct MCPFailure: Error, Sendable {
    /// What kind of failure it is, for the exit code and `retry:`.
    package enum FailureCause: Sendable {
        case unreachable, refused, exited, notJSONRPC, timeout, http, cancelled
    }

    package var kind: FailureCause
    /// The sentence.
    package var message: String
    /// The last lines of the server's standard error, when it has one.
    package var serverErrors: [String] = []

    package init(_ kind: FailureCause, _ message: String, serverErrors: [String] = []) {
        self.kind = kind
        self.message = message
        self.serverErrors = serverErrors
    }

    /// The sentence, then what the server last wrote to its standard error.
    package var sentence: String {
        guard !serverErrors.isEmpty else { return message }
        return message + "; it last wrote to stderr:\n" + serverErrors.map { "  " + $0 }.joined(separator: "\n")
    }
}
