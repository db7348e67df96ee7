/// What a kind of exchange received beyond a status, headers and a body (an event stream's
/// events). The kind keeps it on the response (`Response.received`) or on the error
/// (`NetworkError.received`) and reads it through its own accessor; a report sees only this.
package protocol ReceivedContent: Sendable {
    /// The content written back as text of about `limit` bytes, which a report shows in place of a
    /// body that was not kept; nil when nothing was received.
    func reportText(limit: Int) -> String?
    /// The trailing header fields that came after the body (a gRPC call's trailing metadata), or nil.
    var trailers: Headers? { get }
    /// The status the kind reports by name beyond the HTTP status (a gRPC call's `UNAVAILABLE`),
    /// that `retry: {on: [...]}` may name; nil when it has none.
    var statusName: String? { get }
    /// Fields the HAR report adds to the entry, redacted by `redactor` (an MCP request's
    /// `_mcpMessages`); none for most kinds.
    func harFields(redactor: Redactor) -> [(String, DecodedValue)]
}

extension ReceivedContent {
    /// None.
    package var trailers: Headers? { nil }
    /// None.
    package var statusName: String? { nil }
    /// None.
    package func harFields(redactor: Redactor) -> [(String, DecodedValue)] { [] }
}
