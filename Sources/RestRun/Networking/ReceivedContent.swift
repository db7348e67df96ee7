/// What a kind of exchange received beyond a status, headers and a body (an event stream's
/// events). The kind keeps it on the response (`Response.received`) or on the error
/// (`NetworkError.received`) and reads it through its own accessor; a report sees only this.
package protocol ReceivedContent: Sendable {
    /// The content written back as text of about `limit` bytes, which a report shows in place of a
    /// body that was not kept; nil when nothing was received.
    func reportText(limit: Int) -> String?
}
