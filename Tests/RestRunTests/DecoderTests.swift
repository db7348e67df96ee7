import OrderedCollections
import RestRun
import Testing

@Suite("Decoders by type name")
struct DecoderTests {
    struct Reversed: ResponseDecoder {
        func decode(_ response: Response) throws -> DecodedValue { .string(String(response.text.reversed())) }
    }

    @Test("the built-ins are registered by name")
    func builtIns() async throws {
        let registry = DecoderRegistry.builtIn
        #expect(registry.names == ["Bytes", "JSON", "JSONAPI", "Text"])
        let text = try await registry.decoder(named: "Text").decode(Response(status: 200, body: Array("hi".utf8)))
        #expect(text == .string("hi"))
        let bytes = try await registry.decoder(named: "Bytes").decode(Response(status: 200, body: [1, 2, 3]))
        #expect(bytes == .object(["size": .integer(3), "base64": .string("AQID")]))
    }

    @Test("a custom decoder registers under its type name; a duplicate is rejected")
    func custom() throws {
        var registry = DecoderRegistry.builtIn
        try registry.register(Reversed())
        #expect(registry.contains("Reversed"))
        #expect(throws: DecoderRegistry.Clash.self) { try registry.register(Reversed()) }
        #expect(throws: DecoderRegistry.Clash.self) { try registry.register(Reversed(), as: "JSON") }
        #expect {
            try registry.register(Reversed())
        } throws: { error in
            (error as? DecoderRegistry.Clash)?.takenName == "Reversed"
        }
    }

    @Test("a name two plugins register names both plugins; a built-in name says rest-run has it")
    func pluginClash() throws {
        struct First: RestRunPlugin {
            func register(decoders: inout DecoderRegistry) throws { try decoders.register(Reversed()) }
        }
        struct Second: RestRunPlugin {
            func register(decoders: inout DecoderRegistry) throws { try decoders.register(Reversed()) }
        }
        struct Shadowing: RestRunPlugin {
            func register(decoders: inout DecoderRegistry) throws { try decoders.register(Reversed(), as: "JSON") }
        }
        var registry = DecoderRegistry.builtIn
        try registry.register(First())
        #expect(registry.all.first { $0.name == "Reversed" }?.origin == .plugin)
        #expect {
            try registry.register(Second())
        } throws: { error in
            "\(error)" == "the plugin Second registers a decoder named 'Reversed', which the plugin First registered first"
        }
        #expect {
            try registry.register(Shadowing())
        } throws: { error in
            "\(error)" == "the plugin Shadowing registers a decoder named 'JSON', which rest-run itself (a built-in decoder) registered first"
        }
    }

    @Test("a failed lookup lists the known names and suggests the nearest")
    func lookup() {
        #expect {
            try DecoderRegistry.builtIn.decoder(named: "JSONAP")
        } throws: { error in
            (error as? DecoderRegistry.Clash)?.message == "unknown decoder 'JSONAP' (did you mean 'JSONAPI'?); registered: Bytes, JSON, JSONAPI, Text"
        }
    }

    @Test("JSONAPI checks resource objects and names the path that failed")
    func jsonAPI() throws {
        let decoder = JSONAPIResponseDecoder()
        let good = Response(status: 200, body: Array(#"{"data": [{"type": "contents", "id": "1", "attributes": {"name": "x"}}]}"#.utf8))
        #expect(throws: Never.self) { try decoder.decode(good) }
        let badID = Response(status: 200, body: Array(#"{"data": [{"type": "a", "id": "1"}, {"type": "a", "id": 2}]}"#.utf8))
        #expect { try decoder.decode(badID) } throws: { error in
            (error as? DecodingFailure)?.description == "JSONAPI: data[1].id: expected String, found number"
        }
        let noData = Response(status: 200, body: Array(#"{"items": []}"#.utf8))
        #expect { try decoder.decode(noData) } throws: { error in
            (error as? DecodingFailure)?.description == "JSONAPI: a JSON:API document needs 'data', 'errors' or 'meta'"
        }
    }

    struct Articles: Decodable {
        struct Item: Decodable {
            struct Attributes: Decodable { var name: String; var description: String? }
            var id: String
            var attributes: Attributes
        }
        var data: [Item]
    }

    @Test("a Decodable type registers with one line and names the path that failed")
    func decodable() throws {
        var registry = DecoderRegistry.builtIn
        try registry.register(Articles.self)
        #expect(registry.contains("Articles"))
        let decoder = DecodableResponseDecoder(Articles.self)
        func failure(_ json: String) -> String? {
            do {
                _ = try decoder.decode(Response(status: 200, body: Array(json.utf8)))
                return nil
            } catch {
                return (error as? DecodingFailure)?.description
            }
        }
        let ok = #"{"data": [{"id": "1", "attributes": {"name": "A"}}]}"#
        #expect(failure(ok) == nil)
        #expect(failure(#"{"data": [{"id": "1", "attributes": {"name": "A"}}, {"id": "2", "attributes": {"name": "B"}}, {"id": "3", "attributes": {"name": null}}]}"#)
            == "Articles: data[2].attributes.name: expected String, found null")
        #expect(failure(#"{"data": [{"id": 1, "attributes": {"name": "A"}}]}"#) == "Articles: data[0].id: expected String, found number")
        #expect(failure(#"{"data": [{"attributes": {"name": "A"}}]}"#) == "Articles: data[0].id: missing")
        #expect(failure(#"{"data": {}}"#) == "Articles: data: expected Array, found object")
        #expect(try decoder.value(from: Response(status: 200, body: Array(ok.utf8))).data.first?.attributes.name == "A")
    }

    @Test("JSON keeps integers, order, escapes and reports where the body is broken")
    func json() throws {
        let value = try JSONParser.parse(#"{"b": 1, "a": 1.5, "s": "\u00e9\ud83d\ude00\n", "n": null, "big": 12345678901234567890}"#)
        guard case let .object(members) = value else { Issue.record("not an object"); return }
        #expect(Array(members.keys) == ["b", "a", "s", "n", "big"])
        #expect(members["b"] == .integer(1))
        #expect(members["s"] == .string("é😀\n"))
        #expect(members["big"]?.doubleValue == 12345678901234567890.0)
        #expect(value.jsonText == #"{"b":1,"a":1.5,"s":"é😀\n","n":null,"big":12345678901234567000}"# || value.jsonText.hasPrefix(#"{"b":1,"a":1.5"#))
        #expect { try JSONParser.parse("{\n  \"a\": [1, 2,]\n}") } throws: { error in
            let failure = error as? JSONParser.Failure
            return failure?.line == 2 && failure?.message == "expected a JSON value"
        }
    }

    @Test("a byte that is not UTF-8 is an error where it stands, in a string, an escaped string or between values")
    func invalidUTF8() {
        let cases: [([UInt8], Int)] = [
            (Array(#"{"a": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8), 11),
            (Array(#"{"a": "x\n"#.utf8) + [0xFF] + Array(#""}"#.utf8), 11),
            (Array(#"{"a": 1, "#.utf8) + [0xC3] + Array(#"}"#.utf8), 10),
            (Array(#"["é", "#.utf8) + [0x80] + Array("]".utf8), 7),
        ]
        for (bytes, column) in cases {
            #expect {
                try JSONParser.parse(bytes)
            } throws: { error in
                guard let failure = error as? JSONParser.Failure else { return false }
                return failure.message.hasPrefix("invalid UTF-8") && failure.line == 1 && failure.column == column
            }
        }
        #expect((try? JSONParser.parse(Array(#"{"name": "café ☕ \u00e9"}"#.utf8))) == .object(["name": .string("café ☕ é")]))
    }

    @Test("long strings read eight bytes at a time keep every escape, control byte and non-ASCII character")
    func longStrings() throws {
        let long = String(repeating: "abcdefgh", count: 5)
        let value = try JSONParser.parse(Array(#"["\#(long)\"q\n", "\#(long)é\#(long)", "\#(long)☕", 12345678901234567890, -42, 123456789012345678]"#.utf8))
        #expect(value == .array([
            .string(long + "\"q\n"), .string(long + "é" + long), .string(long + "☕"), .number(12_345_678_901_234_567_168), .integer(-42),
            .integer(123456789012345678),
        ]))
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array("[\"\(long)\u{01}\"]".utf8)) }
    }
}