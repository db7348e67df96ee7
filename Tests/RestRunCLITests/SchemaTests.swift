import RestRunTestSupport
import Testing

/// `schema:` in request files, through the built binary against the embedded mock.
@Suite("schema in request files")
struct SchemaTests {
    let binary = BinaryRunner()
    static let fixtures = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/"

    func run(_ name: String, _ arguments: [String] = []) async throws -> BinaryRunner.Output {
        try await binary.run([Self.fixtures + name, "--mock", "requests/mock/routes.yaml"] + arguments)
    }

    @Test("file, inline and whole-body schemas pass on a conforming response, $refs across files included")
    func passes() async throws {
        let output = try await run("schema-pass.yaml")
        #expect(output.status == 0, "\(output.all)")
    }

    @Test("a failure shows the full path, the keyword, what it wanted, what it found and the schema's line")
    func failure() async throws {
        let output = try await run("schema-fail.yaml")
        #expect(output.status == 4)
        #expect(output.stdout.contains("schema-fail.yaml:7:9: error: expectation failed: $.data"))
        #expect(output.stdout.contains(
            #"$.data[0].attributes.name: type: wanted an integer, found the string "Swift Concurrency: Getting Started" (schema: "#))
        #expect(output.stdout.contains("schema-fail.yaml:7:"))
        #expect(output.stdout.contains("$.data: maxItems: wanted at most 2 items, found 3"))
        let lines = output.stdout.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.contains("attributes.name: type") })
        let shallow = try #require(lines.firstIndex { $0.contains("$.data: maxItems") })
        #expect(first < shallow, "the most specific failure comes first")
    }

    @Test("a bad schema is a load error at its line, and nothing is sent")
    func badSchema() async throws {
        let output = try await binary.run(["check", Self.fixtures + "schema-bad.yaml"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("schema-bad.yaml:5:35: error: 'type' must be one of"))
        #expect(output.stderr.contains("(did you mean 'array'?)"))
        #expect(output.stderr.contains("cannot read '"))
        #expect(output.stderr.contains("'Tests/RestRunCLITests/Fixtures/schemas/common.yaml#/$defs/Nope' does not lead to a schema"))
    }
}
