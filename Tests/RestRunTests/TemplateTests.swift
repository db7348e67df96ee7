import RestRun
import RestRunTestSupport
import Testing

@Suite("Templates")
struct TemplateTests {
    @Test("{{name}} reads variables; ${NAME} reads the environment at load time")
    func resolves() throws {
        let file = try Fixtures.load("""
            base_url: ${HOST:-http://localhost}/v1
            variables: { id: 7 }
            requests:
              - url: /items/{{id}}?q=${QUERY}
            """, environment: ["QUERY": "all"]).get()
        let runner = Runner()
        let prepared = try runner.prepare(file.requests[0], of: file, scope: runner.initialScope(for: file))
        #expect(prepared.url == "http://localhost/v1/items/7?q=all")
    }

    @Test("an unset environment variable without a default is an error at its column")
    func unsetEnvironment() {
        let diagnostics = Fixtures.diagnostics("requests:\n  - url: http://x/${API_TOKEN}\n")
        #expect(diagnostics.first?.message == "environment variable 'API_TOKEN' is not set (set it, or give a default: ${API_TOKEN:-value})")
        #expect(diagnostics.first?.location?.column == 19)
    }

    @Test("a default may hold a placeholder")
    func defaultWithPlaceholder() throws {
        let file = try Fixtures.load("base_url: ${NOT_SET:-{{mock_url}}}/api\nrequests:\n  - url: /a\n", predefined: ["mock_url"]).get()
        let runner = Runner(variables: ["mock_url": .string("http://127.0.0.1:9999")])
        let prepared = try runner.prepare(file.requests[0], of: file, scope: runner.initialScope(for: file))
        #expect(prepared.url == "http://127.0.0.1:9999/api/a")
    }

    @Test("a json body scalar that is only {{name}} keeps the variable's type")
    func typedJSON() throws {
        let file = try Fixtures.load("""
            variables: { count: 3, flag: true }
            requests:
              - url: http://x/
                json: { n: "{{count}}", s: "n={{count}}", f: "{{flag}}", list: ["{{count}}"] }
            """).get()
        let runner = Runner()
        let prepared = try runner.prepare(file.requests[0], of: file, scope: runner.initialScope(for: file))
        #expect(String(decoding: prepared.body?.bytes ?? [], as: UTF8.self) == #"{"n":3,"s":"n=3","f":true,"list":[3]}"#)
        #expect(prepared.body?.contentType == "application/json")
    }

    @Test("built-in values are fresh and well-formed")
    func builtins() throws {
        let uuid = try #require(BuiltinValue.uuid.generate().stringValue)
        #expect(uuid.count == 36)
        #expect(try Regex("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$").wholeMatch(in: uuid) != nil)
        #expect(BuiltinValue.uuid.generate() != BuiltinValue.uuid.generate())
        #expect((BuiltinValue.timestamp.generate().doubleValue ?? 0) > 1_700_000_000)
        let diagnostics = Fixtures.diagnostics("requests:\n  - url: http://x/{{$uid}}\n")
        #expect(diagnostics.first?.message.hasPrefix("unknown built-in value '{{$uid}}' (did you mean '{{$uuid}}'?)") == true)
    }

    @Test("placeholders after non-ASCII text, spaces inside braces, nested defaults and stray braces")
    func byteLevelEdges() throws {
        let file = try Fixtures.load("""
            variables: { id: 7, name: ünï }
            requests:
              - url: "http://x/é/{{ id }}/${NOT_SET:-a{b}c-{{name}}}/{x}/{{name}}{{id}}/$5$/{{id}}$"
            """).get()
        let runner = Runner()
        let prepared = try runner.prepare(file.requests[0], of: file, scope: runner.initialScope(for: file))
        #expect(prepared.url == "http://x/é/7/a{b}c-ünï/{x}/ünï7/$5$/7$")
        // Columns count characters, as libyaml's marks do: 'é' is one column, not two bytes.
        let diagnostics = Fixtures.diagnostics("requests:\n  - url: http://é/{{9x}}/${NOPE:-{{oops\n")
        #expect(diagnostics.map(\.message) == [
            "'9x' is not a variable name: use letters, digits, '_', '-' and '.'",
            "unterminated '${': close it with '}'",
        ])
        #expect(diagnostics.map { $0.location?.column } == [19, 26])
    }

    @Test("an unterminated placeholder is an error")
    func unterminated() {
        #expect(Fixtures.diagnostics("requests:\n  - url: http://x/{{id\n").first?.message == "unterminated '{{': close it with '}}'")
    }

    @Test("query items are percent-encoded and appended")
    func query() throws {
        let file = try Fixtures.load("""
            requests:
              - url: http://x/api?page=1
                query:
                  filter[content_types][]: article
                  q: a b&c
            """).get()
        let prepared = try Runner().prepare(file.requests[0], of: file, scope: Scope())
        #expect(prepared.url == "http://x/api?page=1&filter%5Bcontent_types%5D%5B%5D=article&q=a%20b%26c")
    }

    @Test("durations and sizes read the contract's units")
    func units() {
        #expect(DurationText.parse("250ms") == .milliseconds(250))
        #expect(DurationText.parse("2s") == .seconds(2))
        #expect(DurationText.parse("1.5s") == .milliseconds(1500))
        #expect(DurationText.parse("1m") == .seconds(60))
        #expect(DurationText.parse("10 sec") == nil)
        #expect(DurationText.parse("10") == nil)
        #expect(ByteCount.parse("512KB") == 512 * 1024)
        #expect(ByteCount.parse("10MB") == 10 * 1024 * 1024)
        #expect(ByteCount.parse("10 apples") == nil)
    }
}

/// RFC 4180 CSV, for `for_each` data files.
@Suite("CSV data files")
struct CSVTableTests {
    @Test("quotes, commas and line breaks in fields, doubled quotes, CRLF, a byte-order mark")
    func fields() throws {
        let rows = try CSVTable.rows("\u{FEFF}name,note\r\nada,\"a, b\"\r\n\"bob\",\"two\nlines\"\n\"say \"\"hi\"\"\",\n")
        #expect(rows == [["name", "note"], ["ada", "a, b"], ["bob", "two\nlines"], ["say \"hi\"", ""]])
        #expect(try CSVTable.rows("a,b") == [["a", "b"]])
        #expect(try CSVTable.rows("") == [])
    }

    @Test("an unclosed quote and a stray quote are errors with their line")
    func errors() {
        #expect { try CSVTable.rows("a\n\"open,b\n") } throws: { ($0 as? CSVTable.CSVError)?.message.contains("not closed") == true }
        #expect { try CSVTable.rows("a\nx\"y\n") } throws: { ($0 as? CSVTable.CSVError)?.line == 2 }
    }
}
