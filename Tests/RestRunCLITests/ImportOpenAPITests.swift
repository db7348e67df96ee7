import Foundation
import RestRunMock
import RestRunTestSupport
import Testing

/// `rest-run import openapi`: a smoke suite that passes `check`, runs against the API with every
/// response checked against the spec, and a spec that cannot be read is exit 2 at its line.
@Suite("import openapi")
struct ImportOpenAPITests {
    let binary = BinaryRunner()

    @Test("one request per operation with valid values, tags and openapi:; it passes check and runs against the items API")
    func smokeSuite() async throws {
        let spec = try BinaryRunner.temporaryFile("items.yaml", ItemsAPI.spec)
        let folder = (spec as NSString).deletingLastPathComponent
        let output = try await binary.run(["import", "openapi", spec, "-o", folder + "/smoke/items.yaml"])
        #expect(output.status == 0, "\(output.all)")
        let text = try String(contentsOfFile: folder + "/smoke/items.yaml", encoding: .utf8)
        #expect(text.contains("openapi: \"../items.yaml\""), "\(text)")
        #expect(text.contains("base_url: \"${API_URL:-"), "\(text)")
        let check = try await binary.run(["check", folder + "/smoke/items.yaml"])
        #expect(check.status == 0, "\(check.all)")
        try await ItemsAPI.serving(bugs: []) { server in
            let run = try await binary.run([folder + "/smoke/items.yaml"], environment: ["API_URL": server.url + "/v1"])
            #expect(run.status == 0, "\(run.all)")
            #expect(run.stdout.contains("coverage: 100% of operations"), "\(run.stdout)")
            #expect(!run.all.contains("warning: the request does not follow"), "every value the suite sends is valid: \(run.all)")
        }
    }

    /// The petstore spec is public data that this checkout's `../shared/testdata` holds (see its
    /// README); a clone on its own skips the test, visibly.
    static let petstoreSpec = Fixtures.repositoryRoot + "/../shared/testdata/openapi/petstore.yaml"

    @Test("the petstore examples import", .enabled(if: FileManager.default.fileExists(atPath: petstoreSpec), "the petstore spec is not in ../shared/testdata/openapi"))
    func petstore() async throws {
        let output = try await binary.run(["import", "openapi", Self.petstoreSpec])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("tags: [\"pets\"]"), "\(output.stdout)")
    }

    @Test("a broken spec is exit 2 at its line, writing nothing")
    func broken() async throws {
        let broken = try BinaryRunner.temporaryFile("broken.yaml", "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get: [oops\n")
        let folder = (broken as NSString).deletingLastPathComponent
        let refused = try await binary.run(["import", "openapi", broken, "-o", folder + "/out.yaml"])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.stderr.contains("broken.yaml:"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.yaml"))
    }

    @Test("a published spec that breaks the letter of OpenAPI: warnings at each place, the sound operations kept; --strict refuses it")
    func lenient() async throws {
        let spec = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/openapi/letter-broken.yaml"
        let imported = try await binary.run(["import", "openapi", spec, "-o", "-"])
        #expect(imported.status == 0, "\(imported.all)")
        #expect(imported.stderr.contains("letter-broken.yaml:12:88: warning: 'exclusiveMinimum: true' is OpenAPI 3.0's form, not JSON Schema's: read as 'exclusiveMinimum: 0'"), "\(imported.stderr)")
        #expect(imported.stderr.contains("warning: GET /droplets/{id} is left out: it uses a schema that breaks OpenAPI (at "), "\(imported.stderr)")
        #expect(imported.stderr.contains("letter-broken.yaml:46:15: warning: a schema must be an object or a boolean"), "\(imported.stderr)")
        #expect(imported.stdout.contains("POST /completions") && imported.stdout.contains("GET /sizes") && !imported.stdout.contains("droplets"), "\(imported.stdout)")
        for command in [["import", "openapi", spec, "--strict", "-o", "-"], ["mock", spec, "--strict", "--port", "0"], ["fuzz", spec, "--strict", "--url", "http://127.0.0.1:9"]] {
            let refused = try await binary.run(command)
            #expect(refused.status == 2, "\(command): \(refused.all)")
            #expect(refused.stderr.contains("letter-broken.yaml:12:88: error: 'exclusiveMinimum' must be a number"), "\(command): \(refused.stderr)")
        }
        // The mock serves the sound operations, and says why the others are not there.
        let file = try BinaryRunner.temporaryFile("calls.yaml", """
            openapi: \(spec)
            requests:
              - url: "{{mock_url}}/sizes"
              - url: "{{mock_url}}/droplets/3"
                expect: { status: 404, json: { $.detail: { contains: "GET /droplets/{id} is left out of" } } }
            """)
        let run = try await binary.run([file, "--mock", spec])
        #expect(run.status == 0, "\(run.all)")
        #expect(run.all.contains("warning: GET /droplets/{id} is left out of"), "\(run.all)")
    }
}
