import OrderedCollections
import RestRun
import Testing

/// The bookstore document of RFC 9535, section 1.5.
let bookstore = try! JSONParser.parse("""
    { "store": {
        "book": [
          { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
          { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
          { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99 },
          { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99 }
        ],
        "bicycle": { "color": "red", "price": 399 }
      }
    }
    """)

@Suite("JSONPath (RFC 9535)")
struct JSONPathTests {
    func select(_ path: String, in value: DecodedValue = bookstore) throws -> [DecodedValue] {
        try JSONPath(path).select(value)
    }

    func authors(_ path: String) throws -> [String] {
        try select(path).compactMap(\.stringValue)
    }

    @Test("the RFC's bookstore examples")
    func rfcExamples() throws {
        let all = ["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]
        #expect(try authors("$.store.book[*].author") == all)
        #expect(try authors("$..author") == all)
        #expect(try select("$.store.*").count == 2)
        #expect(try select("$.store..price").compactMap(\.doubleValue) == [8.95, 12.99, 8.99, 22.99, 399])
        #expect(try select("$..book[2]").first?["title"] == .string("Moby Dick"))
        #expect(try select("$..book[-1]").first?["title"] == .string("The Lord of the Rings"))
        #expect(try select("$..book[0,1]").count == 2)
        #expect(try select("$..book[:2]").count == 2)
        #expect(try select("$..book[?@.isbn]").count == 2)
        #expect(try select("$..book[?@.price<10]").compactMap { $0["title"]?.stringValue } == ["Sayings of the Century", "Moby Dick"])
        #expect(try select("$..*").count == 27)
    }

    @Test("bracketed names, negative indexes and slices with steps")
    func selectors() throws {
        let value = try JSONParser.parse(#"{"a b": [0, 1, 2, 3, 4, 5], "k": {"x-y": 1}}"#)
        #expect(try select("$['a b'][-2]", in: value) == [.integer(4)])
        #expect(try select("$['a b'][1:5:2]", in: value) == [.integer(1), .integer(3)])
        #expect(try select("$['a b'][::-2]", in: value) == [.integer(5), .integer(3), .integer(1)])
        #expect(try select("$.k.x-y", in: value) == [.integer(1)])
        #expect(try select("$.missing", in: value).isEmpty)
    }

    @Test("filters compare, combine with && and ||, negate, and call functions")
    func filters() throws {
        let value = try JSONParser.parse(#"{"data": [{"id": "4", "n": 1}, {"id": "5", "n": 2, "tags": ["a"]}, {"id": "6", "n": 3}]}"#)
        #expect(try select("$.data[?@.id == '4'].n", in: value) == [.integer(1)])
        #expect(try select("$.data[?@.n > 1 && @.n < 3].id", in: value) == [.string("5")])
        #expect(try select("$.data[?@.n == 1 || @.n == 3].id", in: value) == [.string("4"), .string("6")])
        #expect(try select("$.data[?!@.tags].id", in: value) == [.string("4"), .string("6")])
        #expect(try select("$.data[?length(@.tags) == 1].id", in: value) == [.string("5")])
        #expect(try select("$.data[?match(@.id, '[45]')].n", in: value) == [.integer(1), .integer(2)])
        #expect(try select("$.data[?@.n == 1.0].id", in: value) == [.string("4")], "numbers compare as numbers")
    }

    @Test("singular paths are names and indexes only")
    func singular() throws {
        #expect(try JSONPath("$.a[0].b").isSingular)
        #expect(try !JSONPath("$.a[*]").isSingular)
        #expect(try !JSONPath("$..a").isSingular)
    }

    @Test("a bad path says what is wrong and where")
    func errors() {
        for (path, message) in [("data", "a JSONPath starts with '$'"), ("$.a[", "unexpected end of the path"), ("$.a[?@.x ==]", "expected '@', '$', a literal or a function (length, count, match, search, value), found ']'")] {
            #expect {
                try JSONPath(path)
            } throws: { error in
                (error as? JSONPath.ParseError)?.message == message
            }
        }
    }
}

extension DecodedValue {
    subscript(key: String) -> DecodedValue? {
        if case let .object(members) = self { return members[key] }
        return nil
    }
}
