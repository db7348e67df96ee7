import RestRun
import Testing

/// RFC 9535's grammar and semantics, case by case: what must parse, what must be refused at load,
/// and what each valid query selects. The cases follow the RFC's own examples and ABNF.
@Suite("JSONPath: RFC 9535 conformance")
struct JSONPathRFCTests {
    func select(_ path: String, _ document: String) throws -> [DecodedValue] {
        try JSONPath(path).select(JSONParser.parse(document))
    }

    func json(_ text: String) throws -> [DecodedValue] {
        guard case let .array(items) = try JSONParser.parse(text) else { return [] }
        return items
    }

    @Test("queries the grammar allows", arguments: [
        "$", "$.a", "$['a']", "$[\"a\"]", "$.☺", "$._", "$..a", "$..*", "$..[0]", "$[0,2]", "$[1:3]", "$[::2]",
        "$[-1]", "$[0]", "$ .a", "$.a [0]", "$[ 0 , 1 ]", "$[\t0\n]", "$[\r0]", "$[ ?@.a ]", "$[?@.a==1]",
        "$[?@.a == 1]", "$[?@.a\r==\r1]", "$[?(@.a)]", "$[? (@.a) ]", "$[?!@.a]", "$[?! @.a]", "$[?!(@.a)]",
        "$[?@.a && @.b || @.c]", "$[?count(@.*) == 1]", "$[?count( @.* ) == 1]", "$[?length(@) > 1]",
        "$[?match(@.a, 'x')]", "$[?search(@.a, \"x\")]", "$[?value(@..a) == 1]", "$[?@.a == -0]",
        "$[?@.a == 1.5e3]", "$[?@.a == 1E-2]", "$[?@ == null]", "$[?@ == true]", "$[?@.a == $.b]",
        "$['\\uD834\\uDD1E']", "$['\\u00e9']", "$['\\'']", "$[\"\\\"\"]", "$['\\/']", "$['\\b\\f\\n\\r\\t']",
        "$[?length(@.a) == count(@.*)]", "$[?match(@, value($.p))]", "$[1:2:]", "$[:]", "$[::]",
        "$[?@[0] == 1]", "$[?@['a'] == 1]", "$[?$ == 1]", "$[?@.a!=1]", "$[?@.a>=1&&@.b<=2]",
        "$[9007199254740991]", "$[-9007199254740991]",
    ])
    func valid(_ path: String) {
        #expect(throws: Never.self, "\(path)") { try JSONPath(path) }
    }

    @Test("queries the grammar or its type rules refuse", arguments: [
        " $", "$ ", "$.", "$..", "$.1", "$.&", "$. a", "$.. a", "$[]", "$[0 2]", "$[01]", "$[-0]", "$[+1]",
        "$[1.0]", "$[9007199254740992]", "$[-9007199254740992]", "$[-9223372036854775808]", "$['a'",
        "$['\\a']", "$['\\uD834']", "$['\\uDD1E']", "$['\\uD834\\u0041']", "$[\"\\'\"]", "$['\u{1}']",
        "$[?@.a == 01]", "$[?@.a == 1.]", "$[?@.a == .5]", "$[?@.a == 1e]", "$[?@.* == 1]", "$[?@..a == 1]",
        "$[?@[0:1] == 1]", "$[?count(1) == 1]", "$[?count(@.a, @.b) == 1]", "$[?length(@.a)]",
        "$[?length(@.*) == 1]", "$[?match(@.a, 'x') == true]", "$[?value() == 1]", "$[?count (@.*) == 1]",
        "$[?foo(@.a)]", "$[?true]", "$[?1]", "$[?'a']", "$[?(1)]", "$[?@.a == true == false]",
        "$[?!@.a == 1]", "$[?(@.a) == 1]", "$[?@.a === 1]", "$[?@.a = 1]", "$[?@.a == truex]",
        "$[?length(@.a) == 1 == 1]", "$[?count(@.a == 1) == 1]", "$[?match(@.*, 'a')]", "$[?Length(@.a) == 1]",
        "$[?@.a == TRUE]", "$[?value(@.a)]", "$[?count(@.*)]", "$[?@.a ==]", "$[?]", "$[?@.a &&]",
    ])
    func invalid(_ path: String) {
        #expect(throws: JSONPath.ParseError.self, "\(path)") { try JSONPath(path) }
    }

    @Test("selectors select what RFC 9535 says")
    func selection() throws {
        let numbers = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]"
        #expect(try select("$[1,0:3]", numbers) == json("[1, 0, 1, 2]"))
        #expect(try select("$[5:1:-2]", numbers) == json("[5, 3]"))
        #expect(try select("$[::-1]", numbers) == json("[9, 8, 7, 6, 5, 4, 3, 2, 1, 0]"))
        #expect(try select("$[1:5:0]", numbers).isEmpty)
        #expect(try select("$[-9007199254740991:9007199254740991:9007199254740991]", numbers) == json("[0]"))
        #expect(try select("$[-20]", numbers).isEmpty)
        #expect(try select("$..*", #"{"o": [{"a": "b"}]}"#) == json(#"[[{"a": "b"}], {"a": "b"}, "b"]"#))
        #expect(try select("$..[1]", #"{"o": [0, 1, [2, 3]]}"#) == json("[1, 3]"))
        #expect(try select("$['\\uD834\\uDD1E']", #"{"𝄞": 1}"#) == json("[1]"))
    }

    @Test("filters follow the comparison and function rules")
    func filters() throws {
        let items = #"[{"a": 1}, {"a": 1.0}, {"a": "1"}, {"a": null}, {}, {"a": [1]}, {"a": {"b": 1}}]"#
        #expect(try select("$[?@.a == 1]", items) == json(#"[{"a": 1}, {"a": 1.0}]"#))
        #expect(try select("$[?@.a == null]", items) == json(#"[{"a": null}]"#))
        #expect(try select("$[?@.b == @.c]", items).count == 7, "Nothing equals Nothing")
        #expect(try select("$[?@.a <= 1]", items) == json(#"[{"a": 1}, {"a": 1.0}]"#))
        #expect(try select("$[?@.a == $[5].a]", items) == json(#"[{"a": [1]}]"#), "arrays compare by members")
        #expect(try select("$[?@.a == $[6].a]", items) == json(#"[{"a": {"b": 1}}]"#))
        #expect(try select("$[?@.a < 'b']", #"[{"a": "a"}, {"a": "c"}, {"a": 1}]"#) == json(#"[{"a": "a"}]"#))
        #expect(try select("$[?!@.a]", items) == json("[{}]"))
        #expect(try select("$[?length(@.a) == 1]", #"[{"a": "é"}, {"a": "e\u0301"}, {"a": [0]}, {"a": 1}]"#) == json(#"[{"a": "é"}, {"a": [0]}]"#))
        #expect(try select("$[?count(@..*) == 2]", #"[{"a": {"b": 1}}, {"a": 1}]"#) == json(#"[{"a": {"b": 1}}]"#))
        #expect(try select("$[?value(@..b) == 1]", #"[{"a": {"b": 1}}, {"b": 1, "c": {"b": 1}}]"#) == json(#"[{"a": {"b": 1}}]"#))
        #expect(try select("$.o[?@ > 1]", #"{"o": {"x": 1, "y": 2}}"#) == json("[2]"), "filters apply to object members")
        #expect(try select("$[?@ == 'é']", #"["é", "e\u0301"]"#) == json(#"["é"]"#), "strings compare by scalars")
    }

    @Test("match and search use I-Regexp (RFC 9485)")
    func regularExpressions() throws {
        let words = #"["ab", "abc", "xab", "a\u2028b", "a\nb", "Ж", "ж", "a.c", 1]"#
        #expect(try select("$[?match(@, 'a.*')]", words) == json(#"["ab", "abc", "a\u2028b", "a.c"]"#))
        #expect(try select("$[?search(@, 'b')]", words) == json(#"["ab", "abc", "xab", "a\u2028b", "a\nb"]"#))
        #expect(try select("$[?match(@, 'a.b')]", words) == json(#"["a\u2028b"]"#), ". matches anything but \\n and \\r")
        #expect(try select("$[?match(@, '\\\\p{Lu}')]", words) == json(#"["Ж"]"#))
        #expect(try select("$[?match(@, 'a\\\\.c')]", words) == json(#"["a.c"]"#))
        #expect(try select("$[?search(@, '^ab')]", words) == json(#"["ab", "abc"]"#))
        #expect(try select("$[?match(@, '[a-c]{2,3}')]", words) == json(#"["ab", "abc"]"#))
        #expect(try select("$[?match(@, '(a|x)+b.?')]", words) == json(#"["ab", "abc", "xab"]"#))
        for pattern in ["\\\\d", "(?:a)", "a{2,1}", "[b-a]", "a**", "\\\\w", "[]", "(a", "a)", "\\\\p{Foo}"] {
            #expect(try select("$[?search(@, '\(pattern)')]", words).isEmpty, "\(pattern) is not an I-Regexp: no match")
        }
    }

    @Test("matching stays linear on patterns that make backtracking engines explode")
    func noCatastrophicBacktracking() throws {
        let text = String(repeating: "a", count: 5_000) + "!"
        let document = "[\"\(text)\"]"
        #expect(try select("$[?match(@, '(a*)*b')]", document).isEmpty)
        #expect(try select("$[?match(@, '(a|aa)+(a|aa)+(a|aa)+$')]", document).isEmpty)
    }
}
