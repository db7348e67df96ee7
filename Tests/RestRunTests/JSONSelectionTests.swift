import Foundation
import OrderedCollections
import RestRun
import RestRunTestSupport
import Testing

/// `JSONParser.parse(_:keeping:)` builds only the members a check reads. Whatever is selected from
/// its result must be what selecting from the whole document gives, and a document the whole
/// parser refuses must be refused with the same error.
@Suite("JSON parsing of only the members a check reads")
struct JSONSelectionTests {
    /// The value at `names`, selected the way a JSONPath of names selects (an object's member by
    /// key, nothing from anything else).
    static func member(at names: [String], in value: DecodedValue) -> DecodedValue? {
        var current = value
        for name in names {
            guard case let .object(members) = current, let next = members[name] else { return nil }
            current = next
        }
        return current
    }

    /// Every path of member names in `value`, `depth` deep at most, plus a missing name under each object.
    static func paths(in value: DecodedValue, depth: Int = 4, prefix: [String] = []) -> [[String]] {
        guard depth > 0, case let .object(members) = value else { return [] }
        var result = [prefix + ["no such member"]]
        for (key, member) in members {
            result.append(prefix + [key])
            result += paths(in: member, depth: depth - 1, prefix: prefix + [key])
        }
        return result
    }

    /// A small seeded random number generator.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static func selection(_ paths: [[String]]) -> JSONParser.Selection {
        var selection = JSONParser.Selection()
        for path in paths { selection.keep(path) }
        return selection
    }

    /// Checks every path of `text` alone, and all of them at once.
    static func checkAllPaths(_ bytes: [UInt8], _ context: String) throws {
        let whole = try JSONParser.parse(bytes)
        let paths = paths(in: whole)
        for path in paths {
            let kept = try JSONParser.parse(bytes, keeping: selection([path]))
            #expect(member(at: path, in: kept) == member(at: path, in: whole), "\(context): \(path)")
        }
        let all = try JSONParser.parse(bytes, keeping: selection(paths))
        for path in paths {
            #expect(member(at: path, in: all) == member(at: path, in: whole), "\(context), all paths: \(path)")
        }
    }

    @Test("over every JSON document of the JSON Schema Test Suite, each path selects what the whole parse selects", JSONSchemaSuiteTests.suiteFound)
    func schemaSuiteDocuments() throws {
        let root = try #require(JSONSchemaSuiteTests.root)
        var checked = 0
        for folder in ["draft2020-12", "draft7"] {
            let directory = root + "/tests/" + folder
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for file in files.sorted() where file.hasSuffix(".json") {
                let data = try #require(FileManager.default.contents(atPath: directory + "/" + file))
                try Self.checkAllPaths(Array(data), file)
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test("duplicates, escaped and non-ASCII keys, values that are not objects")
    func edgeCases() throws {
        let cases: [(String, [String], DecodedValue?)] = [
            (#"{"a":1,"a":2}"#, ["a"], .integer(2)),
            (#"{"a":{"b":1},"a":3}"#, ["a", "b"], nil),
            (#"{"a":3,"a":{"b":1}}"#, ["a", "b"], .integer(1)),
            (#"{"\u0061":1}"#, ["a"], .integer(1)),
            (#"{"a\"b":1}"#, ["a\"b"], .integer(1)),
            ("{\"e\\u0301\":1}", ["\u{E9}"], .integer(1)),
            ("{\"\u{E9}\":1}", ["e\u{301}"], .integer(1)),
            (#"{"K":1}"#, ["\u{212A}"], .integer(1)),
            (#"{"a":[{"b":1}]}"#, ["a", "b"], nil),
            (#"[{"a":1}]"#, ["a"], nil),
            (#""a""#, ["a"], nil),
            (#" { "a" : { "b" : [ 1 , 2 ] , "c" : "\u00e9\n" } } "#, ["a", "b"], .array([.integer(1), .integer(2)])),
            (#"{"a":{"b":{"c":{"d":null}}}}"#, ["a", "b", "c", "d"], .null),
            (#"{"x":"a long string of plain text that is skipped eight bytes at a time","a":true}"#, ["a"], .bool(true)),
            (#"{"x":"caf\u00e9 \ud83d\ude00 ✓","a":1.5e3}"#, ["a"], .number(1500)),
            (#"{"x":"\ud83d","a":"\ud83d"}"#, ["a"], .string("\u{FFFD}")),
        ]
        for (text, path, expected) in cases {
            let bytes = Array(text.utf8)
            let whole = try JSONParser.parse(bytes)
            #expect(Self.member(at: path, in: whole) == expected, "whole parse of \(text)")
            let kept = try JSONParser.parse(bytes, keeping: Self.selection([path]))
            #expect(Self.member(at: path, in: kept) == expected, "\(text) keeping \(path)")
            try Self.checkAllPaths(bytes, text)
        }
    }

    @Test("10,000 damaged documents: accepted and refused alike, with the same selections and the same errors")
    func damagedDocuments() throws {
        let seeds = [
            #"{"status":"ok","data":{"id":7,"tags":["a","b"],"name":"caf\u00e9"},"n":-1.5e2,"ok":true,"none":null}"#,
            #"[{"a":1},{"a":[1,2,{"b":"x"}]}]"#,
            #"{"a":{"a":{"a":{"b":"plain text long enough for the eight-byte skip"}}},"b":[]}"#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[]",:\ 0123456789abeflnrstuE.-+"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xE2, 0xFF]
        let paths = [["status"], ["data", "id"], ["data", "name"], ["a"], ["a", "a", "a", "b"], ["b"], ["n"]]
        let selection = Self.selection(paths)
        var generator = SplitMix64(state: 20_261_123)  // seeded, so that a failure repeats
        var accepted = 0
        for _ in 0..<10_000 {
            var bytes = seeds[Int(generator.next() % UInt64(seeds.count))]
            for _ in 0...(generator.next() % 3) {
                let position = Int(generator.next() % UInt64(bytes.count + 1))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0 where position < bytes.count: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            let whole = Result { () throws(JSONParser.Failure) in try JSONParser.parse(bytes) }
            let kept = Result { () throws(JSONParser.Failure) in try JSONParser.parse(bytes, keeping: selection) }
            switch (whole, kept) {
            case let (.success(whole), .success(kept)):
                accepted += 1
                for path in paths {
                    #expect(Self.member(at: path, in: kept) == Self.member(at: path, in: whole), "\(String(decoding: bytes, as: UTF8.self)): \(path)")
                }
            case let (.failure(whole), .failure(kept)):
                #expect(kept.description == whole.description)
            default:
                Issue.record("accepted by one parser only: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(accepted > 100)
    }

    @Test("a document the whole parser refuses is refused with the same error, wherever the fault is")
    func refusals() throws {
        var documents = [
            #"{"a":1"#, #"{"a":1}x"#, #"{"x":"\q","a":1}"#, "{\"x\":\"\u{1}\",\"a\":1}", #"{"x":01,"a":1}"#,
            #"{"x":1.,"a":1}"#, #"{"x":1e,"a":1}"#, #"{"x" 1,"a":1}"#, #"{"x":[1 2],"a":1}"#, #"{"x":{"y":1,},"a":1}"#,
            #"{"x":tru,"a":1}"#, #"{x:1,"a":1}"#, #"{"x":"\u12","a":1}"#, "", " ", #"{"a":"#,
            #"{"a":{"b":"#, #"{"x":["#, #"{"x":"unterminated"#,
        ]
        documents.append(#"{"x":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + #","a":1}"#)
        documents.append(#"{"a":"# + String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 601))
        var byteDocuments = documents.map { Array($0.utf8) }
        byteDocuments.append(Array(#"{"x":""#.utf8) + [0xC3, 0x28] + Array(#"","a":1}"#.utf8))
        byteDocuments.append(Array(#"{""#.utf8) + [0xFF] + Array(#"":1,"a":1}"#.utf8))
        byteDocuments.append(Array(#"{"a":1,""#.utf8) + [0xE2, 0x82] + Array(#"":2}"#.utf8))
        for bytes in byteDocuments {
            let text = String(decoding: bytes, as: UTF8.self)
            var wholeError: String?
            do { _ = try JSONParser.parse(bytes) } catch { wholeError = error.description }
            var keptError: String?
            do { _ = try JSONParser.parse(bytes, keeping: Self.selection([["a"], ["x", "y"]])) } catch { keptError = error.description }
            #expect(wholeError != nil, "\(text) is not JSON")
            #expect(keptError == wholeError, "\(text)")
        }
    }
}
