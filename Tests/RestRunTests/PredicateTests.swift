import RestRun
import Testing

@Suite("Predicates")
struct PredicateTests {
    func check(_ predicate: Predicate, _ actual: DecodedValue?) throws -> PredicateOutcome {
        try predicate.evaluate(actual, in: Scope(["id": .string("42")]))
    }

    @Test("a check's texts are made when shown, with the secrets known then hidden, and never hold a whole body")
    func shownTexts() {
        let redactor = Redactor()
        let result = ExpectationResult(
            label: "$.token", passed: true, expected: .value("equals ", .string("tok-12345"), .json),
            actual: .shown(.string("tok-12345"), .json), redactor: redactor, location: nil)
        #expect(result.expected == "equals \"tok-12345\"" && result.actual == "\"tok-12345\"")
        redactor.add("tok-12345")
        #expect(result.expected == "equals \"\(Redactor.mask)\"" && result.actual == "\"\(Redactor.mask)\"")
        let body = DecodedValue.string(String(repeating: "a", count: 10_000))
        guard case let .words(text) = ShownText.shown(body, .json) else {
            Issue.record("a long value is made into text at once")
            return
        }
        #expect(text.utf8.count < 300)
        #expect(ShownText.all([.prefixed("count ", .value("> ", .integer(0), .json)), .values("one of ", [.integer(1), .string("b")], .json)]).description
            == "count > 0 and one of 1, \"b\"")
    }

    @Test("contains finds text as Swift compares characters, whatever the path the search takes")
    func containsText() throws {
        let cases: [(String, String)] = [
            ("Berkshire Valley", "Valley"), ("Berkshire", "berk"), ("aaaaaaaaab", "aab"), ("ab", "abc"), ("", "a"), ("a", ""),
            ("line\r\nnext", "\nnext"), ("line\r\nnext", "line\r"), ("line\r\nnext", "\r\n"), ("café", "cafe"),
            ("cafe\u{301}", "cafe"), ("naïve text", "ïve"), (String(repeating: "ab", count: 500) + "c", "abc"),
            (String(repeating: "x", count: 100), String(repeating: "x", count: 65)), ("tail", "l"), ("tail", "t"),
        ]
        for (text, piece) in cases {
            let outcome = try check(.contains(.value(.string(piece))), .string(text))
            #expect(outcome.passed == text.contains(piece), "\(text.debugDescription) contains \(piece.debugDescription)")
        }
    }

    @Test("equality compares numbers as numbers and reports type mismatches")
    func equality() throws {
        #expect(try check(.equals(.value(.integer(1))), .number(1.0)).passed)
        let mismatch = try check(.equals(.value(.integer(7))), .string("7"))
        #expect(!mismatch.passed)
        #expect(mismatch.expected == "equals 7")
        #expect(mismatch.reason == "expected a number, found the string \"7\"")
        #expect(try check(.equals(.template(Template(parts: [.variable("id", SourceLocation(file: "t", line: 1, column: 1))]))), .string("42")).passed)
    }

    @Test("comparisons need numbers (or two strings)")
    func comparisons() throws {
        #expect(try check(.compare(.greater, .value(.integer(0))), .integer(3)).passed)
        #expect(try !check(.compare(.lessOrEqual, .value(.number(1.5))), .integer(2)).passed)
        let wrongType = try check(.compare(.greater, .value(.integer(0))), .string("3"))
        #expect(!wrongType.passed)
        #expect(wrongType.reason == "expected a number, found the string \"3\"")
        #expect(try check(.compare(.less, .value(.string("b"))), .string("a")).passed)
    }

    @Test("contains, matches, exists, type, count, not and several at once")
    func others() throws {
        #expect(try check(.contains(.value(.string("json"))), .string("application/json")).passed)
        #expect(try check(.contains(.value(.integer(2))), .array([.integer(1), .integer(2)])).passed)
        #expect(try check(.matches(TextPattern("^[A-Z]")), .string("Swift")).passed)
        #expect(try !check(.matches(TextPattern("^[A-Z]")), .string("swift")).passed)
        #expect(try check(.matches(TextPattern("\\d{3}")), .string("a123")).passed)
        #expect(try check(.exists(false), nil).passed)
        #expect(try !check(.exists(true), nil).passed)
        #expect(try check(.type("integer"), .integer(3)).passed)
        #expect(try check(.type("number"), .integer(3)).passed)
        #expect(try !check(.type("string"), .integer(3)).passed)
        let count = try check(.count(.compare(.greater, .value(.integer(2)))), .array([.null]))
        #expect(!count.passed)
        #expect(count.expected == "count > 2")
        #expect(count.reason == "the count is 1")
        #expect(try check(.not(.exists(true)), nil).passed)
        #expect(try check(.all([.type("string"), .startsWith(.value(.string("ab"))), .endsWith(.value(.string("yz")))]), .string("ab-yz")).passed)
        #expect(try check(.oneOf([.value(.integer(200)), .value(.integer(204))]), .integer(204)).passed)
        #expect(try check(.statusClass(2), .integer(204)).passed)
        #expect(try !check(.statusClass(2), .integer(301)).passed)
    }
}
