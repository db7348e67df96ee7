import RestRun
import RestRunTestSupport
import Testing

/// What a Swift decoder's own error looks like in a failure, and building objects without
/// swift-collections.
@Suite("Decoder errors and values")
struct DecoderErrorTests {
    struct Broken: ResponseDecoder {
        struct Oops: Error, CustomStringConvertible { var description: String { "no idea what this is" } }
        func decode(_ response: Response) async throws -> DecodedValue { throw Oops() }
    }

    @Test("an error thrown by a Swift decoder is prefixed with the decoder's name")
    func prefixed() async throws {
        var registry = DecoderRegistry.builtIn
        try registry.register(Broken())
        let file = try RequestFileLoader(decoderNames: registry.names).load(text: "requests:\n  - url: http://x/\n    decode: Broken\n", path: "t.yaml")
        let outcome = await ResponseChecker(registry: registry, redactor: Redactor())
            .check(file.requests[0], response: Response(status: 200, body: Array("{}".utf8)), scope: Scope())
        #expect(outcome.failures.first?.message == "decoding failed: Broken: no idea what this is")
    }

    @Test("an object from plain pairs keeps their order")
    func objectFromPairs() {
        let value = DecodedValue.object(fromPairs: [("b", .integer(1)), ("a", .string("x"))])
        #expect(value.description == #"{"b":1,"a":"x"}"#)
    }
}
