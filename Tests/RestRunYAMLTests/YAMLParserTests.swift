import RestRunYAML
import Testing

@Suite("YAML layer")
struct YAMLParserTests {
    @Test("every node carries its 1-based line and column")
    func marks() throws {
        let root = try YAMLParser.parse("name: x\nrequests:\n  - url: /a\n    method: GET\n")
        #expect(root.mark == Mark(line: 1, column: 1))
        #expect(root["name"]?.mark == Mark(line: 1, column: 7))
        let request = try #require(root["requests"]?.items?.first)
        #expect(request.mark == Mark(line: 3, column: 5))
        #expect(request["method"]?.mark == Mark(line: 4, column: 13))
    }

    @Test("scalars resolve by the YAML 1.2 core schema; quoted scalars stay strings")
    func coreSchema() throws {
        let root = try YAMLParser.parse("""
            a: true
            b: yes
            c: "true"
            d: 42
            e: '42'
            f: 1.5
            g: ~
            h: null
            i:
            j: 0x1F
            k: .inf
            l: !!str 12
            m: No
            """)
        #expect(root["a"]?.scalarValue == .bool(true))
        #expect(root["b"]?.scalarValue == .string("yes"))
        #expect(root["c"]?.scalarValue == .string("true"))
        #expect(root["d"]?.scalarValue == .integer(42))
        #expect(root["e"]?.scalarValue == .string("42"))
        #expect(root["f"]?.scalarValue == .float(1.5))
        #expect(root["g"]?.scalarValue == .null)
        #expect(root["h"]?.scalarValue == .null)
        #expect(root["i"]?.scalarValue == .null)
        #expect(root["j"]?.scalarValue == .integer(31))
        #expect(root["k"]?.scalarValue == .float(.infinity))
        #expect(root["l"]?.scalarValue == .string("12"))
        #expect(root["m"]?.scalarValue == .string("No"))
    }

    @Test("integers and floats resolve from their bytes: signs, radixes, limits and near misses")
    func numberEdges() {
        func value(_ text: String) -> ScalarValue { ScalarValue(resolving: text, style: .plain, tag: nil) }
        #expect(value("-17") == .integer(-17))
        #expect(value("+5") == .integer(5))
        #expect(value("007") == .integer(7))
        #expect(value("0o17") == .integer(15))
        #expect(value("0xff") == .integer(255))
        #expect(value("-0x10") == .integer(-16))
        #expect(value("9223372036854775807") == .integer(Int.max))
        #expect(value("-9223372036854775808") == .integer(Int.min))
        #expect(value("9223372036854775808") == .float(9_223_372_036_854_775_808))
        #expect(value("0x") == .string("0x"))
        #expect(value("0o8") == .string("0o8"))
        #expect(value("0xfg") == .string("0xfg"))
        #expect(value("0x-5") == .string("0x-5"))
        #expect(value("12a") == .string("12a"))
        #expect(value("-") == .string("-"))
        #expect(value("1.") == .float(1))
        #expect(value(".5") == .float(0.5))
        #expect(value("-2.5e3") == .float(-2500))
        #expect(value("1e") == .string("1e"))
        #expect(value(".") == .string("."))
        #expect(value("1.2.3") == .string("1.2.3"))
        #expect(value("١٢") == .string("١٢"))
        #expect(Node(scalar: "", style: .plain, mark: Mark(line: 1, column: 1)).isNull)
        #expect(!Node(scalar: "null", style: .doubleQuoted, mark: Mark(line: 1, column: 1)).isNull)
        #expect(Node(scalar: "", style: .doubleQuoted, mark: Mark(line: 1, column: 1), tag: "tag:yaml.org,2002:null").isNull)
    }

    @Test("keys that resolve alike are duplicates, in the mapping and through merge keys")
    func resolvedDuplicates() throws {
        #expect(throws: YAMLError.self) { try YAMLParser.parse("1: a\n0x1: b\n") }
        #expect(throws: YAMLError.self) { try YAMLParser.parse("a: 1\n\"a\": 2\n") }
        let root = try YAMLParser.parse("true: a\n\"true\": b\nbase: &b {x: 1, y: 2}\nother:\n  <<: [*b, {x: 3, z: 4}]\n  y: 5\n")
        #expect(root.pairs?.count == 4)
        let other = try #require(root["other"])
        #expect(other.pairs?.map { $0.key.scalarText ?? "" } == ["y", "x", "z"])
        #expect(other["x"]?.scalarValue == .integer(1))
        #expect(other["y"]?.scalarValue == .integer(5))
    }

    @Test("past sixteen keys (found by hash), duplicates are still found by value, and nested collections keep their order")
    func manyKeys() throws {
        let keys = (0..<40).map { "k\($0): \($0)" }.joined(separator: "\n")
        for (extra, line) in [("\"k3\": x", 4), ("0x10: x", 41), ("[1, 2]: x", 42), ("null: x", 43)] {
            let text = keys + "\n16: a\n[1, 2]: b\n~: c\n" + extra + "\n"
            #expect(throws: YAMLError.self, "\(extra)") { try YAMLParser.parse(text) }
            do {
                _ = try YAMLParser.parse(text)
            } catch {
                #expect(error.mark.line == 44 && error.message.contains("first given at \(line):1"), "\(extra): \(error)")
            }
        }
        let root = try YAMLParser.parse(keys + "\n\"16\": a\n[1, 3]: b\n")
        #expect(root.pairs?.count == 42)
        let nested = try YAMLParser.parse("a: [[1, [2, 3]], {b: [4, {c: 5}], d: 6}, 7]\nlong: [" + (0..<300).map(String.init).joined(separator: ", ") + "]\n")
        #expect(nested["a"]?.description == "[[1, [2, 3]], {b: [4, {c: 5}], d: 6}, 7]")
        #expect(nested["long"]?.items?.map { $0.scalarText ?? "" } == (0..<300).map(String.init))
    }

    @Test("scalars keep their style")
    func styles() throws {
        let root = try YAMLParser.parse("a: plain\nb: 'single'\nc: \"double\"\nd: |\n  literal\ne: >\n  folded\n")
        #expect(root["a"]?.scalarStyle == .plain)
        #expect(root["b"]?.scalarStyle == .singleQuoted)
        #expect(root["c"]?.scalarStyle == .doubleQuoted)
        #expect(root["d"]?.scalarStyle == .literal)
        #expect(root["d"]?.scalarText == "literal\n")
        #expect(root["e"]?.scalarStyle == .folded)
    }

    @Test("mappings keep their order")
    func order() throws {
        let root = try YAMLParser.parse("z: 1\na: 2\nm: 3\n")
        #expect(root.pairs?.map { $0.key.scalarText } == ["z", "a", "m"])
    }

    @Test("anchors, aliases and merge keys work, written keys winning over merged ones")
    func aliasesAndMerge() throws {
        let root = try YAMLParser.parse("""
            defaults: &defaults
              timeout: 2s
              retry: 3
            one:
              <<: *defaults
              retry: 5
            two: *defaults
            """)
        #expect(root["two"] == root["defaults"])
        #expect(root["one"]?["timeout"]?.scalarText == "2s")
        #expect(root["one"]?["retry"]?.scalarText == "5")
        #expect(root["one"]?.pairs?.count == 2)
        #expect(root["two"]?.mark.line == 7)
    }

    @Test("a duplicate key is an error at the second key, naming the first")
    func duplicateKeys() {
        #expect {
            try YAMLParser.parse("a: 1\nb: 2\n\"a\": 3\n")
        } throws: { error in
            let error = error as? YAMLError
            return error?.mark == Mark(line: 3, column: 1) && error?.message.contains("duplicate key") == true
                && error?.message.contains("1:1") == true
        }
    }

    @Test("syntax errors carry the mark of the problem")
    func syntaxError() {
        #expect {
            try YAMLParser.parse("requests:\n  - url: /a\n   method: GET\n")
        } throws: { error in
            (error as? YAMLError)?.mark.line == 3
        }
        #expect {
            try YAMLParser.parse("a: [1, 2\n")
        } throws: { error in error is YAMLError }
    }

    @Test("an unknown alias is an error")
    func unknownAlias() {
        #expect {
            try YAMLParser.parse("a: *nothing\n")
        } throws: { error in
            (error as? YAMLError)?.message.contains("unknown alias") == true
        }
    }

    @Test("a second document is an error; an empty text is null")
    func documents() throws {
        #expect {
            try YAMLParser.parse("a: 1\n---\nb: 2\n")
        } throws: { error in
            (error as? YAMLError)?.mark.line == 2
        }
        #expect(try YAMLParser.parse("").isNull)
        #expect(try YAMLParser.parse("# only a comment\n").isNull)
    }

    @Test("hostile nesting is refused, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect {
            try YAMLParser.parse(text)
        } throws: { error in
            (error as? YAMLError)?.message.contains("nesting deeper") == true
        }
    }

    @Test("columns count characters, not bytes")
    func unicodeColumns() throws {
        let root = try YAMLParser.parse("é: { ü: x }\n")
        #expect(root["é"]?["ü"]?.mark == Mark(line: 1, column: 9))
    }
}
