import OrderedCollections

/// The `rest-run-grpc` helper, shared by the whole run: it reads `.proto` files and descriptor
/// sets, checks messages against them, and makes the calls (see `GRPCService` in
/// `RestRunGRPC`). rest-run starts it the first time a file uses gRPC.
enum GRPCHelper {
    /// The helper process.
    static let channel = HelperChannel(name: "rest-run-grpc", pathVariable: "REST_RUN_GRPC")

    /// Why the helper could not answer, or answered something it should not have: one sentence.
    struct Unanswered: Error {
        var message: String
    }

    /// The answer to `body` (the members of the request object), blocking while a file loads.
    static func askBlocking(_ body: String) throws(Unanswered) -> DecodedValue {
        do {
            return try parse(try channel.askBlocking(body))
        } catch let failure as Unanswered {
            throw failure
        } catch {
            throw Unanswered(message: (error as? HelperProcess.HelperError)?.message ?? "\(error)")
        }
    }

    /// The answer to `body`, awaited.
    static func ask(_ body: String) async throws(Unanswered) -> DecodedValue {
        try await askWithBody(body).answer
    }

    /// The answer to `body`, awaited, and the response body a call's answer carries after a tab
    /// (compact JSON has no raw tab): its bytes as the helper wrote them, never parsed here.
    static func askWithBody(_ body: String) async throws(Unanswered) -> (answer: DecodedValue, body: [UInt8]?) {
        let line: [UInt8]
        do {
            line = try await channel.ask(body)
        } catch {
            throw Unanswered(message: error.message)
        }
        guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return (try parse(line[...]), nil) }
        return (try parse(line[..<tab]), Array(line[(tab + 1)...]))
    }

    private static func parse(_ line: [UInt8]) throws(Unanswered) -> DecodedValue {
        try parse(line[...])
    }

    private static func parse(_ line: ArraySlice<UInt8>) throws(Unanswered) -> DecodedValue {
        do {
            return try JSONParser.parse(line)
        } catch {
            throw Unanswered(message: "rest-run-grpc answered something that is not JSON")
        }
    }

    /// A string as JSON text.
    static func quoted(_ text: String) -> String { DecodedValue.string(text).jsonText }

    /// The member `key` of an answer object.
    static func member(_ value: DecodedValue, _ key: String) -> DecodedValue? {
        if case let .object(members) = value { members[key] } else { nil }
    }
}
