/// What a gRPC call received beyond its initial metadata (the response's headers) and its
/// messages (the body): the status, its message and the trailing metadata.
package struct GRPCReceived: ReceivedContent {
    /// The status code (0 is OK).
    package var status: Int
    /// The status message.
    package var message: String
    /// The trailing metadata.
    package var trailerFields: Headers
    /// How many response messages arrived.
    package var responseCount: Int

    package var trailers: Headers? { trailerFields }

    package var statusName: String? { GRPCStatus.name(status) }

    package func reportText(limit: Int) -> String? {
        "grpc-status: \(GRPCStatus.describe(status))" + (message.isEmpty ? "" : ": \(message)")
    }
}

extension Response {
    /// What the gRPC call received, if the request was one.
    package var grpc: GRPCReceived? { received as? GRPCReceived }
}
