import Foundation
import RestRunTestSupport
import Testing

/// `openapi:` in request files, coverage, and the mock served from a spec, through the binary.
@Suite("OpenAPI contracts")
struct ContractTests {
    let binary = BinaryRunner()
    static let folder = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/openapi/"

    func run(_ file: String, mock: String, _ arguments: [String] = []) async throws -> BinaryRunner.Output {
        try await binary.run([Self.folder + file, "--mock", Self.folder + mock] + arguments)
    }

    @Test("every break of the contract is caught at the request's line, with the spec's line")
    func breaks() async throws {
        let output = try await run("contract.yaml", mock: "broken-routes.yaml")
        #expect(output.status == 4, "\(output.all)")
        let text = output.stdout
        #expect(text.contains("contract.yaml:4:5: error: expectation failed: openapi header X-Total"))
        #expect(text.contains("contract.yaml:4:5: error: expectation failed: openapi body"))
        #expect(text.contains(#"$[1].id: type: wanted an integer, found the string "2" (schema: "#))
        #expect(text.contains("common.yaml:5:9)"), "the failing schema's own line, in the file the $ref leads to")
        #expect(text.contains("contract.yaml:7:5: warning: the request does not follow POST /pets"))
        #expect(text.contains("required: wanted property 'name', which is missing"))
        #expect(text.contains("contract.yaml:11:5: error: expectation failed: openapi status"))
        #expect(text.contains("expected: a status GET /pets/{petId} declares (200, 404)"))
        #expect(text.contains("actual:   500"))
        #expect(!text.contains("$[0]"), "a null tag is allowed: 3.0's nullable")
        #expect(text.contains("contract.yaml:13:5: warning: the request does not follow GET /pets/{petId}"))
        #expect(text.contains("its path parameter 'petId' is 'abc': type: wanted an integer"))
        let annotated = try await binary.run(
            [Self.folder + "contract.yaml", "--mock", Self.folder + "broken-routes.yaml"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(annotated.stdout.contains("::warning file="), "warnings become GitHub warning annotations")
    }

    @Test("a conforming exchange passes: readOnly and writeOnly properties, array query parameters")
    func conforming() async throws {
        let output = try await run("users-requests.yaml", mock: "users-routes.yaml", ["--report-json", "/dev/null"])
        #expect(output.status == 0, "\(output.all)")
        #expect(!output.all.contains("warning"), "\(output.all)")
        #expect(output.stdout.contains("3 passed"))
    }

    @Test("strict: true makes request problems errors")
    func strict() async throws {
        let output = try await run("strict.yaml", mock: "broken-routes.yaml")
        #expect(output.status == 4)
        #expect(output.stdout.contains("strict.yaml:4:5: error: the request does not follow POST /pets"))
        #expect(output.stdout.contains("strict.yaml:8:5: error: GET /cats is not an operation of"))
        #expect(output.stdout.contains("(did you mean GET /pets?)"))
    }

    @Test("coverage: the table, the JSON file, --min-coverage and merge")
    func coverage() async throws {
        let directory = (try BinaryRunner.temporaryFile("x", "") as NSString).deletingLastPathComponent
        let first = try await run("strict.yaml", mock: "broken-routes.yaml", ["--report-coverage", directory + "/a.json", "--min-coverage", "50"])
        #expect(first.stdout.contains("OpenAPI coverage of"))
        #expect(first.stdout.contains("coverage: 33.3% of operations (1 of 3)"))
        #expect(first.stderr.contains("error: OpenAPI coverage is 33.3% (1 of 3 operations), below --min-coverage 50; not exercised: Tests/RestRunCLITests/Fixtures/openapi/pets.yaml: GET /pets,"))
        #expect(first.stderr.contains("GET /pets/{petId}"))
        let second = try await run("contract.yaml", mock: "broken-routes.yaml", ["--report-coverage", directory + "/b.json"])
        #expect(second.stdout.contains("coverage: 100% of operations (3 of 3)"))
        let json = try String(contentsOfFile: directory + "/b.json", encoding: .utf8)
        #expect(json.contains(#""operation": "GET /pets/{petId}""#))
        let merged = try await binary.run(["coverage", "merge", directory + "/a.json", directory + "/b.json", "--min-coverage", "90"])
        #expect(merged.status == 0, "\(merged.all)")
        #expect(merged.stdout.contains("coverage: 100% of operations (3 of 3)"))
        let gated = try await binary.run(["coverage", "merge", directory + "/a.json", "--min-coverage", "90"])
        #expect(gated.status == 4)
    }

    @Test("a mock from the spec: examples, Prefer, and problem+json for requests the spec refuses")
    func mockFromSpec() async throws {
        let output = try await run("against-mock.yaml", mock: "pets.yaml")
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("8 passed"))
    }

    @Test("a spec with a mistake is a load error at its line")
    func badSpec() async throws {
        let spec = try BinaryRunner.temporaryFile("bad-spec.yaml", "openapi: 3.0.0\ninfo: { title: x, version: '1' }\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: x\n          content:\n            application/json:\n              schema: { type: strnig }\n")
        let file = try BinaryRunner.temporaryFile("uses.yaml", "openapi: \(spec)\nrequests:\n  - url: http://127.0.0.1:1/a\n")
        let output = try await binary.run(["check", file])
        #expect(output.status == 2)
        #expect(output.stderr.contains("bad-spec.yaml:11:31: error: 'type' must be one of"))
        #expect(output.stderr.contains("(did you mean 'string'?)"))
        let swagger = try BinaryRunner.temporaryFile("swagger.yaml", "swagger: '2.0'\npaths: {}\n")
        let old = try await binary.run(["check", try BinaryRunner.temporaryFile("old.yaml", "openapi: \(swagger)\nrequests:\n  - url: http://127.0.0.1:1/a\n")])
        #expect(old.stderr.contains("is Swagger 2.0: rest-run reads OpenAPI 3.0 and 3.1"))
    }
}
