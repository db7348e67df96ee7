import RestRun
import Testing

/// rest-run's own schema tests: messages, dialects, formats and references across files. They
/// always run; the official suite (JSONSchemaSuiteTests) judges the keywords.
@Suite("JSON Schema validator")
struct JSONSchemaTests {
    static func schema(_ json: String, dialect: SchemaDialect = .draft2020_12) throws -> JSONSchema {
        let document = SchemaDocument(uri: SchemaURI("https://rest-run.test/schema.json"), value: try JSONParser.parse(json))
        return try JSONSchema.compile(document, rules: SchemaRules(dialect: dialect))
    }

    static func value(_ json: String) throws -> DecodedValue { try JSONParser.parse(json) }

    @Test("a failure names the path, the keyword, what was wanted and what was found")
    func messages() throws {
        let schema = try Self.schema(##"{"type": "object", "required": ["id"], "properties": {"tags": {"type": "array", "items": {"type": "string"}}}, "additionalProperties": false}"##)
        let failures = schema.failures(try Self.value(##"{"tags": ["a", 2], "extra": 1}"##))
        #expect(failures.map(\.sentence).contains { $0.hasPrefix(##"$.tags[1]: type: wanted a string, found the number 2"##) })
        #expect(failures.map(\.instancePath).contains("$.extra"))
        #expect(failures.contains { $0.keyword == "required" && $0.message == "wanted property 'id', which is missing" })
        #expect(failures.first?.depth == 2, "the deepest failure comes first")
    }

    @Test("anyOf reports the branch that got furthest, not every branch")
    func anyOfBestBranch() throws {
        let schema = try Self.schema(##"{"anyOf": [{"type": "string"}, {"type": "object", "properties": {"name": {"type": "string"}}}]}"##)
        let failures = schema.failures(try Self.value(##"{"name": 7}"##))
        #expect(failures.count == 1)
        #expect(failures.first?.instancePath == "$.name")
        let none = schema.failures(.integer(3))
        #expect(none.first?.keyword == "anyOf")
    }

    @Test("oneOf that matches two says which")
    func oneOfTwo() throws {
        let schema = try Self.schema(##"{"oneOf": [{"type": "integer"}, {"minimum": 0}]}"##)
        let failures = schema.failures(.integer(3))
        #expect(failures.first?.keyword == "oneOf")
        #expect(failures.first?.message.contains("matching 2") == true)
        #expect(schema.isValid(.integer(-3)))
    }

    @Test("formats are annotations unless asserted")
    func formats() throws {
        let schema = try Self.schema(##"{"type": "string", "format": "date-time"}"##)
        #expect(schema.isValid(.string("yesterday")))
        #expect(!schema.isValid(.string("yesterday"), assertsFormats: true))
        #expect(schema.isValid(.string("2024-02-29T23:59:60Z"), assertsFormats: true))
        #expect(!schema.isValid(.string("2023-02-29T10:00:00Z"), assertsFormats: true))
        for (format, good, bad) in [
            ("email", "ada@example.com", "ada@@example.com"), ("uuid", "123e4567-e89b-12d3-a456-426614174000", "123e4567"),
            ("ipv4", "192.168.0.1", "192.168.0.256"), ("ipv6", "::ffff:192.168.0.1", "1:::2"),
            ("uri", "https://example.com/a?b#c", "/relative"), ("date", "2024-02-29", "2024-13-01"),
            ("duration", "P1DT2H", "PT"), ("hostname", "api.example.com", "-bad.example.com"),
        ] {
            let check = try Self.schema(##"{"format": "\##(format)"}"##)
            #expect(check.isValid(.string(good), assertsFormats: true), "\(format): \(good)")
            #expect(!check.isValid(.string(bad), assertsFormats: true), "\(format): \(bad)")
        }
    }

    @Test("OpenAPI 3.0: nullable and boolean exclusive bounds")
    func openAPI30() throws {
        let schema = try Self.schema(##"{"type": "integer", "nullable": true, "minimum": 0, "exclusiveMinimum": true}"##, dialect: .openAPI30)
        #expect(schema.isValid(.null))
        #expect(schema.isValid(.integer(1)))
        #expect(!schema.isValid(.integer(0)))
        let strict = try Self.schema(##"{"type": "integer"}"##, dialect: .openAPI30)
        #expect(!strict.isValid(.null))
    }

    @Test("a mistake in a schema is a compile error, with a did-you-mean")
    func badSchemas() throws {
        #expect(throws: DiagnosticList.self) { try Self.schema(##"{"type": "strnig"}"##) }
        #expect(throws: DiagnosticList.self) { try Self.schema(##"{"required": "id"}"##) }
        #expect(throws: DiagnosticList.self) { try Self.schema(##"{"minLength": -1}"##) }
        #expect(throws: DiagnosticList.self) { try Self.schema(##"{"pattern": "(unclosed"}"##) }
        #expect(throws: DiagnosticList.self) { try Self.schema(##"{"$ref": "#/$defs/missing"}"##) }
        #expect(throws: DiagnosticList.self) { try Self.schema(##"{"$ref": "https://example.com/never-fetched.json"}"##) }
    }

    @Test("a schema that refers to itself without end fails instead of hanging")
    func endlessReference() throws {
        let schema = try Self.schema(##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
        #expect(!schema.isValid(.integer(1)))
        #expect(schema.failures(.integer(1)).first?.message.contains("refers to itself") == true)
        var deep = DecodedValue.array([])
        for _ in 0..<400 { deep = .array([deep]) }
        let nested = try Self.schema(##"{"$defs": {"n": {"type": "array", "items": {"$ref": "#/$defs/n"}}}, "$ref": "#/$defs/n"}"##)
        let failure = try #require(nested.failures(deep).first)
        #expect(failure.instancePath.count < 200, "a deep path is cut: \(failure.instancePath)")
    }

    @Test("a pattern that backtracks without end elsewhere runs in linear time here")
    func catastrophicPattern() throws {
        let schema = try Self.schema(##"{"pattern": "^(a+)+$"}"##)
        let text = String(repeating: "a", count: 20_000) + "!"
        #expect(!schema.isValid(.string(text)))
        #expect(schema.isValid(.string(String(repeating: "a", count: 20_000))))
        let classes = try Self.schema(##"{"pattern": "^\\d{3}-\\w+\\s?$"}"##)
        #expect(classes.isValid(.string("123-abc_9")))
        #expect(!classes.isValid(.string("12-abc")))
    }

    @Test("a deep value is validated without exhausting the stack")
    func deepValue() throws {
        let schema = try Self.schema(##"{"$defs": {"node": {"type": "array", "items": {"$ref": "#/$defs/node"}}}, "$ref": "#/$defs/node"}"##)
        var value = DecodedValue.array([])
        for _ in 0..<200 { value = .array([value]) }
        #expect(schema.isValid(value))
    }
}
