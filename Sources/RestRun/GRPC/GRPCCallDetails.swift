import OrderedCollections

/// What a step's result keeps of a gRPC call beyond its body (redacted): the status, its message
/// and the trailers, for the console and the reports.
struct GRPCCallDetails: ExchangeDetails {
    let status: Int
    let message: String
    let trailers: [(String, String)]
    let responseCount: Int

    init(_ received: GRPCReceived, redactor: Redactor) {
        status = received.status
        message = redactor.redact(received.message)
        trailers = received.trailerFields.fields.map { ($0.name, redactor.headerValue(name: $0.name, value: $0.value)) }
        responseCount = received.responseCount
    }

    var firstArrival: Duration? { nil }

    var statusText: String? { GRPCStatus.name(status) }

    var reportMembers: [(String, DecodedValue)] {
        var members: [(String, DecodedValue)] = [("grpc_status", .string(GRPCStatus.name(status))), ("grpc_code", .integer(status))]
        if !message.isEmpty { members.append(("grpc_message", .string(message))) }
        if !trailers.isEmpty {
            var object = OrderedDictionary<String, DecodedValue>()
            for (name, value) in trailers { object[name] = .string(value) }
            members.append(("trailers", .object(object)))
        }
        return members
    }

    func reportLines(limit: Int) -> (count: Int, noun: String, lines: [String]) {
        var lines = ["grpc-status: \(GRPCStatus.describe(status))" + (message.isEmpty ? "" : ": \(message)")]
        lines += trailers.prefix(max(limit - 1, 0)).map { "\($0.0): \($0.1)" }
        return (responseCount, "message", lines)
    }
}
