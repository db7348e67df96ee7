import RestRunHelperProtocol

/// The `rest-run-grpc` helper, shared by the whole run: it reads `.proto` files and descriptor
/// sets, checks messages against them, and makes the calls (see `GRPCService` in
/// `RestRunGRPC`). rest-run starts it the first time a file uses gRPC.
enum GRPCHelper {
    /// The helper process.
    static let channel = HelperChannel(name: "rest-run-grpc", pathVariable: "REST_RUN_GRPC", cancels: true)

    /// How long reading a schema or checking a call's messages may take while a file loads (the
    /// helper takes milliseconds; a request's shorter timeout bounds its own check).
    static let loadLimit: Duration = .seconds(30)

    /// Why the helper could not answer: one sentence.
    struct Unanswered: Error {
        var message: String
    }

    /// The answer to `request`, blocking while a file loads, and which start of the helper gave it.
    static func askBlocking(_ request: GRPCHelperRequest, within limit: Duration = loadLimit) throws(Unanswered) -> (answer: GRPCHelperAnswer, generation: Int) {
        do throws(HelperError) {
            let answer = try channel.askBlocking(request.json, within: limit)
            return (GRPCHelperAnswer(json: answer.json), answer.generation)
        } catch {
            throw Unanswered(message: error.message)
        }
    }

    /// The answer to `request`, awaited at most `limit`; a call's response messages as the
    /// helper wrote them (JSON text, parsed as the response body), and which start gave it.
    static func ask(_ request: GRPCHelperRequest, within limit: Duration) async throws(Unanswered) -> (answer: GRPCHelperAnswer, body: [UInt8]?, generation: Int) {
        do throws(HelperError) {
            let answer = try await channel.ask(request.json, within: limit)
            return (GRPCHelperAnswer(json: answer.json), answer.attachment, answer.generation)
        } catch {
            throw Unanswered(message: error.message)
        }
    }

    /// A message the loader or a request body holds, as the helper reads it.
    static func message(_ value: DecodedValue) -> JSONValue {
        switch value {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .integer(number): .integer(number)
        case .number: .number(value.jsonText)
        case let .string(text): .string(text)
        case let .array(items): .array(items.map(message))
        case let .object(members): .object(members.map { JSONValue.Property($0.key, message($0.value)) })
        }
    }
}
