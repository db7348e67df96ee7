@testable import RestRun
@testable import RestRunFuzzing
import OrderedCollections
import RestRunTestSupport
import Testing

/// The fuzzer's generators on their own: positive values the schemas allow, negative ones they
/// refuse, and hostile schemas (huge lengths and bounds, recursion, undeclared path parameters)
/// that end quickly without a trap.
@Suite("fuzz generation")
struct FuzzGenerationTests {
    static func operations(_ spec: String) throws -> [OpenAPIOperation] {
        try OpenAPISpec.load(path: try BinaryRunner.temporaryFile("spec.yaml", spec)).operations
    }

    @Test("a media type holding '{{' (FuzzSpecCases' finding): its cases are not written, and every case that is loads")
    func templateInMediaType() throws {
        let operations = try Self.operations("""
            openapi: 3.1.0
            info: { title: W, version: "1" }
            paths:
              /a:
                post:
                  requestBody:
                    content:
                      "application/{{json": { schema: { type: object } }
                      "text/${plain}": { schema: { type: string } }
                  responses: { "200": { description: ok } }
            """)
        let loader = RequestFileLoader(environment: [:], predefinedVariables: [])
        for (index, operation) in operations.enumerated() {
            let generator = CaseGenerator(operation: operation, index: index, seed: 1)
            for number in 0..<20 {
                for fuzzCase in [generator.positive(number), generator.negative(number)].compactMap({ $0 }) {
                    let request = fuzzCase.request(to: "http://127.0.0.1:1/v1", operation: operation)
                    let contentType = request.headers["Content-Type"] ?? ""
                    if contentType.contains("{{") || contentType.contains("${") { #expect(!fuzzCase.isWritable, "\(contentType)") }
                    guard fuzzCase.isWritable else { continue }
                    let finding = FuzzFinding(
                        operation: operation.name, check: .serverError, status: 500, message: "fuzz",
                        steps: [FuzzStep(fuzzCase: fuzzCase, request: request, status: 500)])
                    let file = FindingFile.text(
                        finding, operations: operations, baseURL: "http://127.0.0.1:1/v1", specPath: "/tmp/spec.yaml", seed: 1, headers: [], include: nil)
                    #expect(throws: Never.self, "\(file)") { try loader.load(text: file, path: "/tmp/finding.yaml") }
                }
            }
        }
    }

    @Test("a JSON body whose text reads as a template (FuzzSpecCases' finding: a combining mark after '${') is saved as its bytes, and loads")
    func templateInBody() throws {
        let operations = try Self.operations("""
            openapi: 3.1.0
            info: { title: W, version: "1" }
            paths:
              /things:
                post:
                  requestBody: { content: { application/json: { schema: { type: object } } } }
                  responses: { "200": { description: ok } }
            """)
        let body = DecodedValue.object(["cat": .string("\u{308}${\u{301}"), "dog": .string("{{x")])
        let fuzzCase = FuzzCase(operation: 0, parameters: [], body: .json(body, mediaType: "application/json"), negation: nil, negatedPart: nil)
        let request = fuzzCase.request(to: "http://127.0.0.1:1/v1", operation: operations[0])
        let finding = FuzzFinding(
            operation: operations[0].name, check: .serverError, status: 500, message: "fuzz", steps: [FuzzStep(fuzzCase: fuzzCase, request: request, status: 500)])
        let file = FindingFile.text(
            finding, operations: operations, baseURL: "http://127.0.0.1:1/v1", specPath: "/tmp/spec.yaml", seed: 1, headers: [], include: nil)
        #expect(throws: Never.self, "\(file)") { try RequestFileLoader(environment: [:], predefinedVariables: []).load(text: file, path: "/tmp/finding.yaml") }
        #expect(file.contains("base64: \"" + Base64.encode(body.jsonBytes) + "\""), "\(file)")
    }

    @Test("positive cases follow every schema and negative cases break one of them, on the items API")
    func itemsAPI() throws {
        let operations = try Self.operations(ItemsAPI.spec)
        for (index, operation) in operations.enumerated() {
            let generator = CaseGenerator(operation: operation, index: index, seed: 9)
            var positives = 0, negatives = 0
            for number in 0..<60 {
                if let positive = generator.positive(number) {
                    positives += 1
                    #expect(positive.isPositive)
                    for parameter in operation.parameters {
                        guard let schema = parameter.schema,
                              let sent = positive.parameters.first(where: { $0.name == parameter.name && $0.location == parameter.location })
                        else { continue }
                        #expect(schema.isValid(OpenAPIContract.typedValue(ExampleValue.text(sent.value), for: schema), assertsFormats: true), "\(operation.name) \(sent)")
                    }
                    if case let .json(value, _)? = positive.body, let schema = operation.requestBody?.content.first?.schema {
                        #expect(schema.isValid(value, assertsFormats: true, direction: .request), "\(operation.name) \(value.jsonText)")
                    }
                }
                if let negative = generator.negative(number) {
                    negatives += 1
                    #expect(negative.negation != nil && negative.negatedPart != nil)
                }
            }
            #expect(positives > 20, "\(operation.name)")
            // The admin operations take nothing a schema could refuse.
            #expect(negatives > 0 || (operation.parameters.isEmpty && operation.requestBody == nil), "\(operation.name)")
        }
    }

    @Test("negative cases break a bound deep in a body, each site in turn; positive ones reach maxLength, just under it, long texts and maxItems")
    func depthAndLength() throws {
        let operations = try Self.operations(ItemsAPI.spec)
        let index = try #require(operations.firstIndex { $0.name == "POST /orders" })
        let generator = CaseGenerator(operation: operations[index], index: index, seed: 1)
        let negations = (0..<50).compactMap { generator.negative($0)?.negation }
        for wanted in [
            "'lines': item 0: 'qty': 100, above the maximum 99", "'customer': 'age': 121, above the maximum 120",
            "'lines': item 0: 'sku': a text of 13 characters, over maxLength 12", "'lines': 21 items, over maxItems 20",
        ] {
            #expect(negations.contains { $0.contains(wanted) }, "\(wanted) is not among \(negations)")
        }
        #expect(negations.contains { $0.hasPrefix("without the required header parameter 'X-Request-ID'") }, "\(negations)")
        var notes = Set<Int>(), lines = Set<Int>(), queries = Set<Int>()
        for number in 0..<100 {
            if case let .json(.object(members), _)? = generator.positive(number)?.body {
                if case let .string(note)? = members["note"] { notes.insert(note.unicodeScalars.count) }
                if case let .array(items)? = members["lines"] { lines.insert(items.count) }
            }
        }
        let list = try #require(operations.firstIndex { $0.name == "GET /items" })
        let items = CaseGenerator(operation: operations[list], index: list, seed: 1)
        for number in 0..<100 {
            if let q = items.positive(number)?.parameters.first(where: { $0.name == "q" }), case let .string(text) = q.value {
                queries.insert(text.unicodeScalars.count)
            }
        }
        #expect(notes.contains(500) && notes.contains(499), "note lengths: \(notes.sorted())")
        #expect(lines.contains(20), "line counts: \(lines.sorted())")
        #expect(queries.contains { $0 >= 300 }, "q lengths: \(queries.sorted())")
    }

    @Test("hostile schemas end quickly: a billion characters or items, bounds past Int.max, recursion, an undeclared path parameter")
    func hostile() throws {
        let operations = try Self.operations("""
            openapi: 3.1.0
            info: { title: W, version: "1" }
            paths:
              /a/{undeclared}:
                post:
                  requestBody:
                    content: { application/json: { schema: { $ref: "#/components/schemas/Node" } } }
                  responses: { "200": { description: ok } }
              /b:
                get:
                  parameters:
                    - { name: big, in: query, required: true, schema: { type: string, minLength: 1000000000 } }
                    - { name: many, in: query, schema: { type: array, minItems: 100000000, items: { type: integer } } }
                    - { name: odd, in: query, schema: { type: number, multipleOf: 0.37, minimum: -1.7e308, maximum: 1.7e308 } }
                    - { name: huge, in: query, schema: { type: integer, minimum: 9223372036854775807 } }
                    - { name: pat, in: query, schema: { type: string, pattern: "^(a|b)*c{3,5}$" } }
                  responses: { "200": { description: ok } }
              /c:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: array
                          maxItems: 200
                          items: { type: array, maxItems: 200, items: { type: array, maxItems: 200, items: { type: string, maxLength: 60000 } } }
                  responses: { "200": { description: ok } }
            components:
              schemas:
                Node:
                  type: object
                  properties:
                    child: { $ref: "#/components/schemas/Node" }
                    list: { type: array, items: { $ref: "#/components/schemas/Node" } }
                    n: { anyOf: [ { type: "null" }, { type: integer, exclusiveMaximum: -9223372036854775808 } ] }
            """)
        let start = ContinuousClock.now
        for (index, operation) in operations.enumerated() {
            let generator = CaseGenerator(operation: operation, index: index, seed: 1)
            for number in 0..<40 {
                for fuzzCase in [generator.positive(number), generator.negative(number)].compactMap({ $0 }) {
                    let request = fuzzCase.request(to: "http://127.0.0.1:1", operation: operation)
                    #expect(!request.url.contains("{"), "\(request.url)")
                    // Arrays at maxItems inside arrays at maxItems stay within the value's budget.
                    #expect((request.body?.bytes.count ?? 0) < 4_000_000, "\(operation.name): \(request.body?.bytes.count ?? 0) bytes")
                    _ = CaseShrinker(operation: operation).candidates(fuzzCase)
                }
            }
        }
        // A bound that tells a hang from slowness on a loaded 2-core CI machine (about 3 s alone).
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("a pattern's samples match it")
    func patterns() throws {
        var random = SeededRandom(seed: 4)
        for source in ["^[A-Z]{3}-[0-9]{3}$", "^(a|b)*c{3,5}$", "x+y?z*", #"^\p{Lu}\p{Ll}+$"#, "^[^a-z]{2}$"] {
            let pattern = try TextPattern(source, linearForm: TextPattern.ecmaLinearForm(source))
            var matched = 0
            for _ in 0..<20 {
                if let text = pattern.sample(using: &random, maxLength: 24) {
                    #expect(pattern.matches(text), "\(source): \(text)")
                    matched += 1
                }
            }
            #expect(matched > 10, "\(source)")
        }
    }

    static let librarySpec = """
        openapi: 3.0.3
        info: {title: Library, version: "1"}
        paths:
          /books:
            post:
              requestBody:
                required: true
                content: {application/json: {schema: {type: object, required: [title], properties: {title: {type: string}}}}}
              responses: {"201": {description: made}}
          /loans:
            post:
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [bookId, member]
                      properties:
                        bookId: {type: integer, minimum: 1}
                        member: {type: string, maxLength: 10}
                        days: {type: integer, minimum: 1, maximum: 30}
              responses: {"201": {description: lent}, "400": {description: bad}}
          /categories:
            post:
              responses: {"201": {description: made}}
          /categories/{category_id}/books:
            get:
              parameters:
                - {name: category_id, in: path, required: true, schema: {type: string}}
                - {name: Book-ID, in: header, schema: {type: integer}}
              responses: {"200": {description: ok}}
        """

    @Test("a form's negative cases are refused as the server reads the texts back, and each field is broken in turn")
    func formNegatives() throws {
        let operations = try Self.operations(Self.librarySpec)
        let index = try #require(operations.firstIndex { $0.name == "POST /loans" })
        let schema = try #require(operations[index].requestBody?.content.first?.schema)
        let generator = CaseGenerator(operation: operations[index], index: index, seed: 3)
        var broken = Set<String>()
        for number in 0..<48 {
            guard let negative = generator.negative(number), case let .form(fields, _)? = negative.body else { continue }
            #expect(!schema.isValid(CaseGenerator.formAsRead(fields, shape: SchemaShape(schema.root)), assertsFormats: true, direction: .request),
                    "\(negative.negation ?? "")")
            for name in ["bookId", "member", "days"] where negative.negation?.contains("'\(name)'") == true { broken.insert(name) }
        }
        #expect(broken == ["bookId", "member", "days"])
    }

    @Test("a field or parameter named after what a POST creates refers to it: bookId, Book-ID, {category_id}")
    func references() throws {
        let spec = try OpenAPISpec.load(path: try BinaryRunner.temporaryFile("library.yaml", Self.librarySpec))
        let references = ResourceReference.references(of: spec)
        let named = references.flatMap { index, list in list.map { "\(spec.operations[index].name) \($0.key) <- \(spec.operations[$0.producer].name)" } }
        #expect(Set(named) == [
            "POST /loans body bookId <- POST /books",
            "GET /categories/{category_id}/books category_id <- POST /categories",
            "GET /categories/{category_id}/books header Book-ID <- POST /books",
        ])
        #expect(ResourceReference.singular("addresses") == "address")
        #expect(ResourceReference.singular("boxes") == "box")
        #expect(ResourceReference.singular("status") == "statu")
        #expect(ResourceReference.singular("people") == "people")
    }

    @Test("connections are closed between requests only when kept ones answer slowly and new ones three times faster")
    func connectionReuse() {
        var slowServer = ConnectionReuse()
        for _ in 0..<ConnectionReuse.samples { slowServer.record(.milliseconds(41), closed: false) }
        #expect(slowServer.closes)
        for _ in 0..<ConnectionReuse.samples { slowServer.record(.milliseconds(2), closed: true) }
        #expect(slowServer.closes)

        var farServer = ConnectionReuse()
        for _ in 0..<ConnectionReuse.samples { farServer.record(.milliseconds(41), closed: false) }
        for _ in 0..<ConnectionReuse.samples { farServer.record(.milliseconds(80), closed: true) }
        #expect(!farServer.closes)

        var fastServer = ConnectionReuse()
        for _ in 0..<(3 * ConnectionReuse.samples) { fastServer.record(.microseconds(300), closed: false) }
        #expect(!fastServer.closes)
    }
}
