import Foundation
@testable import RestRunGRPC
import RestRunHelperProtocol
import SwiftProtobuf
import Testing

/// The `.proto` reader and the JSON mapping of rest-run-grpc against protobuf's own tools:
/// protoc's descriptors of the same files (mapping.protoset), and the JSON that protobuf's
/// Python printer wrote for each case of mapping-cases.json (make-mapping-cases.py).
@Suite("proto and the JSON mapping")
struct ProtoMappingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/grpc").path

    /// Two JSON values alike: members in any order, numbers by value.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || Double(x) == Double(y)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { member in y.contains { $0.key == member.key && same($0.value, member.value) } }
        default: return a == b
        }
    }

    @Test("every case decodes to what protobuf's printer wrote, and its JSON input encodes to a message that does too")
    func printerCases() throws {
        let codec = try ProtoCodec(files: [Self.folder + "/mapping.proto"], importPaths: [Self.folder])
        let cases = try JSONValueReader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/mapping-cases.json"))))
        guard case .array(let items) = cases else { Issue.record("no cases"); return }
        #expect(items.count >= 20)
        for item in items {
            guard case .string(let type)? = item["type"], case .string(let binary)? = item["binary"], case .string(let printed)? = item["printed"],
                  let input = item["input"], let bytes = ProtoBase64.decode(binary)
            else { Issue.record("a malformed case"); continue }
            let expected = try JSONValueReader.parse(Array(printed.utf8))
            let decoded = try codec.decode(bytes, as: type)
            #expect(Self.same(decoded, expected), "\(type): decoded \(decoded.text), protobuf printed \(printed)")
            switch codec.encode(input, as: type) {
            case .success(let encoded):
                let again = try codec.decode(encoded, as: type)
                #expect(Self.same(again, expected), "\(type): \(input.text) encoded and decoded is \(again.text), protobuf printed \(printed)")
            case .failure(let problems):
                Issue.record("\(type): \(input.text) does not encode: \(problems.problems.map(\.message))")
            }
        }
    }

    @Test("the .proto reader makes the descriptors protoc makes of the same files")
    func parserMatchesProtoc() throws {
        let ours = try ProtoFileLoader.load([Self.folder + "/mapping.proto"], importPaths: [Self.folder])
        let theirs = try DescriptorSetReader.load(Self.folder + "/mapping.protoset")
        for name in ["mapping.proto", "legacy.proto"] {
            guard var mine = ours.first(where: { $0.name == name }), var protoc = theirs.first(where: { $0.name == name }) else {
                Issue.record("\(name) missing")
                continue
            }
            for file in [\Google_Protobuf_FileDescriptorProto.sourceCodeInfo] { mine[keyPath: file] = .init(); protoc[keyPath: file] = .init() }
            mine.clearSourceCodeInfo()
            protoc.clearSourceCodeInfo()
            #expect(mine.package == protoc.package)
            #expect(mine.dependency == protoc.dependency)
            #expect(mine.enumType == protoc.enumType, "\(name): enums differ")
            #expect(mine.messageType.map(\.name) == protoc.messageType.map(\.name))
            for (a, b) in zip(mine.messageType, protoc.messageType) {
                #expect(Self.shape(a) == Self.shape(b), "\(name) \(a.name): ours \(Self.shape(a))\nprotoc's \(Self.shape(b))")
            }
            #expect(mine.service == protoc.service)
        }
    }

    @Test("the built-in descriptor.proto is protobuf's: a FileDescriptorSet reads and writes as swift-protobuf's own type does")
    func builtInDescriptorProto() throws {
        let codec = try ProtoCodec(sources: ["holder.proto": """
            syntax = "proto3";
            import "google/protobuf/descriptor.proto";
            message Holder { google.protobuf.FileDescriptorSet set = 1; google.protobuf.DescriptorProto one = 2; }
            """])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.folder + "/mapping.protoset")))
        let set = try Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)
        // Read by rest-run's descriptors, printed as JSON, and written back: swift-protobuf's type
        // reads the same set, so every field's number and type agree.
        let printed = try codec.decode(bytes, as: "google.protobuf.FileDescriptorSet")
        guard case .success(let written) = codec.encode(printed, as: "google.protobuf.FileDescriptorSet") else {
            Issue.record("\(printed.text) does not encode")
            return
        }
        #expect(try Google_Protobuf_FileDescriptorSet(serializedBytes: written) == set)
        let theirs = try JSONValueReader.parse(Array(try set.jsonString().utf8))
        #expect(Self.same(printed, theirs), "ours: \(printed.text.prefix(400))\ntheirs: \(theirs.text.prefix(400))")
        guard case .success = codec.encode(.object([JSONValue.Property("set", printed)]), as: "Holder") else {
            Issue.record("a Holder of the set does not encode")
            return
        }
    }

    @Test("proto2 extensions are written in JSON as protobuf writes them: \"[package.name]\"")
    func extensionKeys() throws {
        let codec = try ProtoCodec(sources: ["ext.proto": """
            syntax = "proto2";
            package p;
            message Base { optional int32 a = 1; extensions 100 to 199; }
            extend Base { optional int32 ext = 100; }
            message Holder { extend Base { repeated string notes = 101; } }
            """])
        let json = JSONValue.object([
            JSONValue.Property("a", .number("1")), JSONValue.Property("[p.ext]", .number("5")),
            JSONValue.Property("[p.Holder.notes]", .array([.string("x")])),
        ])
        let encoded = codec.encode(json, as: "p.Base")
        guard case .success(let bytes) = encoded else {
            if case .failure(let problems) = encoded { Issue.record("extension keys are refused: \(problems.problems.map(\.message))") }
            return
        }
        // Field 1 = 1; field 100 = 5 (tag 800 as a varint); field 101 = "x".
        #expect(bytes == [0x08, 0x01, 0xA0, 0x06, 0x05, 0xAA, 0x06, 0x01, 0x78])
        let printed = try codec.decode(bytes, as: "p.Base")
        #expect(printed.text == #"{"a":1,"[p.ext]":5,"[p.Holder.notes]":["x"]}"#)
        guard case .failure(let problems) = codec.encode(.object([JSONValue.Property("[p.nope]", .number("1"))]), as: "p.Base") else {
            Issue.record("an unknown extension is accepted")
            return
        }
        #expect(problems.problems.first?.message.contains("[p.nope]") == true, "\(problems.problems.map(\.message))")
    }

    /// What of a message the mapping depends on: names, numbers, labels, types, JSON names,
    /// oneofs and proto3 optional, nested types and map entries, recursively.
    static func shape(_ message: Google_Protobuf_DescriptorProto) -> String {
        let fields = message.field.map { field in
            "\(field.name)=\(field.number) \(field.label) \(field.type) \(field.typeName) json:\(field.jsonName) oneof:\(field.hasOneofIndex ? String(field.oneofIndex) : "-") opt:\(field.proto3Optional)"
        }
        let nested = message.nestedType.map { "[\($0.name) entry:\($0.options.mapEntry) \(shape($0))]" }
        return (fields + message.oneofDecl.map { "oneof \($0.name)" } + nested + message.enumType.map { "enum \($0.name) \($0.value.map(\.name))" }).joined(separator: "; ")
    }

    @Test("what protoc accepts loads: options of every form, groups, extensions, aliases, editions (the fuzz seeds)")
    func edgeCases() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/seeds/proto").standardized.path
        for name in ["edge.proto", "editions.proto"] {
            let text = try String(contentsOfFile: seeds + "/" + name, encoding: .utf8)
            let files = try ProtoFileLoader.load(sources: [name: text])
            let pool = try DescriptorPool(files: files)
            #expect(!pool.messages.isEmpty, "\(name)")
        }
        let pool = try DescriptorPool(files: ProtoFileLoader.load(sources: ["e.proto": try String(contentsOfFile: seeds + "/edge.proto", encoding: .utf8)]))
        #expect(pool.methods["a.b.S/R"]?.clientStreaming == true && pool.methods["a.b.S/R"]?.serverStreaming == true)
        #expect(pool.messages["a.b.M"]?.fields.first { $0.name == "g" }?.type == .group)
        #expect(pool.messages["a.b.M"]?.fields.first { $0.name == "inner" }?.isPacked == false)
    }

    @Test("syntax errors at their line and column, as protoc reports them")
    func syntaxErrors() {
        let cases: [(String, String)] = [
            ("syntax = \"proto3\";\nmessage A { int32 a = 1 }", "2:25: expected ';' after the field, found '}'"),
            ("syntax = \"proto4\";", "1:10: unknown syntax \"proto4\": use \"proto2\" or \"proto3\""),
            ("syntax = \"proto3\";\nmessage A {\n  int32 a = 1;\n  int32 b = 1;\n}", "4:9: A: fields a and b both have number 1"),
            ("syntax = \"proto3\";\nenum E { ONE = 1; }", "2:10: the first value of a proto3 enum must be 0"),
            ("syntax = \"proto3\";\nmessage A { required int32 a = 1; }", "2:13: required fields are not allowed in proto3"),
            ("syntax = \"proto2\";\nmessage A { int32 a = 1; }", "2:13: a proto2 field needs a label: optional, required or repeated"),
            ("syntax = \"proto3\";\nmessage A { map<float, int32> m = 1; }", "2:17: a map's key is an integer, bool or string type, not float"),
            ("syntax = \"proto3\";\n/* never closed", "2:1: this comment is never closed with */"),
            ("syntax = \"proto3\";\nmessage A { string s = 1 [default = \"x\"]; }", "2:37: default values are not allowed in proto3"),
            ("syntax = \"proto3\";\nmessage A { int32 a = 19500; }", "2:19: field numbers 19000 to 19999 are reserved for protobuf itself"),
            ("syntax = \"proto3\";\nmessage A { B b = 1; }", "2:13: unknown type B"),
        ]
        for (text, expected) in cases {
            do {
                _ = try ProtoFileLoader.load(sources: ["x.proto": text])
                Issue.record("\(text) loaded")
            } catch {
                #expect("\(error.line):\(error.column): \(error.message)" == expected, "\(text)")
            }
        }
    }

    @Test("a hostile descriptor set or message is an error, never a trap")
    func hostileInputs() throws {
        var set = Google_Protobuf_FileDescriptorSet()
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "bad.proto"
        var message = Google_Protobuf_DescriptorProto()
        message.name = "M"
        var field = Google_Protobuf_FieldDescriptorProto()
        field.name = "f"
        field.number = 1
        field.type = .message
        field.typeName = ".nowhere.X"
        message.field = [field]
        file.messageType = [message]
        set.file = [file]
        #expect(throws: ProtoSyntaxError.self) { try DescriptorPool(files: set.file) }
        let codec = try ProtoCodec(files: [Self.folder + "/mapping.proto"], importPaths: [Self.folder])
        for bytes: [UInt8] in [[0x0A, 0xFF], [0x08], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], [0x33], [0x0F]] {
            #expect(throws: MessageDecoder.DecodeFailure.self) { try codec.decode(bytes, as: "mapping.Choice") }
        }
        // Nested past protobuf's limit of 100, in the binary encoding and in JSON.
        let recursive = try ProtoCodec(sources: ["r.proto": "syntax = \"proto3\";\nmessage R { R r = 1; int32 n = 2; }"])
        var nested: [UInt8] = [0x10, 0x01]
        for _ in 0..<150 {
            var writer = WireWriter()
            writer.tag(1, 2)
            writer.lengthDelimited(nested)
            nested = writer.bytes
        }
        #expect(throws: MessageDecoder.DecodeFailure.self) { try recursive.decode(nested, as: "R") }
        var json = JSONValue.object([])
        for _ in 0..<150 { json = .object([JSONValue.Property("r", json)]) }
        guard case .failure = recursive.encode(json, as: "R") else {
            Issue.record("a message nested 150 deep was encoded")
            return
        }
    }
}
