/// What one call received: the status, the metadata and every response message.
package struct CallOutcome: Sendable {
    /// The status code (0 is OK).
    package var status: Int
    /// The status message.
    package var message: String
    /// The initial metadata, in order (binary values in base64, their names ending `-bin`).
    package var headers: [(String, String)]
    /// The trailing metadata.
    package var trailers: [(String, String)]
    /// The response messages' bytes, in order.
    package var responses: [[UInt8]]
}
