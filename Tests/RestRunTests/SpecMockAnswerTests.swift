import Foundation
import OrderedCollections
@testable import RestRun
@testable import RestRunMock
import RestRunTestSupport
import Testing

/// `rest-run mock SPEC` never answers what its own spec forbids: every body it makes validates
/// against the response's schema, even where the spec's own examples do not.
@Suite("Spec mock answers")
struct SpecMockAnswerTests {
    /// Every answer of every operation of `spec`: the media types' bodies that break their schema.
    static func brokenAnswers(_ spec: OpenAPISpec) -> [String] {
        var broken: [String] = []
        for operation in spec.operations {
            for (key, response) in operation.responses {
                for media in response.body.content where OpenAPIContract.isJSON(media.mediaType) {
                    guard let schema = media.schema else { continue }
                    let names = [nil] + media.examples.map(\.name)
                    for name in names {
                        let body = SpecMock.body(of: media, preferring: name)
                        let failures = schema.failures(body, limit: 1, direction: .response)
                        if let failure = failures.first {
                            broken.append("\(operation.name) \(key) \(media.mediaType)\(name.map { " example \($0)" } ?? ""): \(failure.instancePath) \(failure.keyword): \(failure.message)")
                        }
                    }
                }
            }
        }
        return broken
    }

    @Test("every spec in the repository and the shared test data: each answer validates")
    func everySpec() throws {
        // The shared test data's specs join when it is there (a clone elsewhere has none of it).
        let roots = [Fixtures.repositoryRoot + "/Tests", Fixtures.repositoryRoot + "/requests", Fixtures.repositoryRoot + "/Examples",
                     Fixtures.repositoryRoot + "/../shared/testdata/openapi"]
        var specs = 0
        for root in roots {
            guard let paths = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] else { continue }
            for path in paths.sorted() where [".yaml", ".yml", ".json"].contains(where: path.hasSuffix) && !path.contains(".build") {
                let full = root + "/" + path
                guard MockSource.isOpenAPI(full), let spec = try? OpenAPISpec.load(path: full) else { continue }
                specs += 1
                let broken = Self.brokenAnswers(spec)
                #expect(broken.isEmpty, "\(path): \(broken.prefix(5))")
            }
        }
        #expect(specs >= 5, "the repository's own specs were not found")
    }

    @Test("examples that break their schema, as published specs write them, are passed over")
    func brokenExamples() throws {
        let path = try BinaryRunner.temporaryFile("broken.yaml", """
            openapi: 3.0.3
            info: { title: broken examples, version: "1" }
            paths:
              /repos/{id}:
                get:
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    "200":
                      description: a repository
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Repo" }
                          examples:
                            github: { value: { id: 1, stars: null, topics: [a] } }
              /playlists:
                get:
                  responses:
                    "200":
                      description: playlists
                      content:
                        application/json:
                          schema:
                            allOf:
                              - $ref: "#/components/schemas/Paging"
                              - type: object
                                properties:
                                  items: { type: array, items: { $ref: "#/components/schemas/Repo" }, example: "example" }
            components:
              schemas:
                Repo:
                  type: object
                  required: [id, stars]
                  properties:
                    id: { type: integer, example: 7 }
                    stars: { type: integer, example: null }
                    topics: { type: array, items: { type: string } }
                Paging:
                  type: object
                  required: [total]
                  properties: { total: { type: integer } }
            """)
        let spec = try OpenAPISpec.load(path: path)
        #expect(Self.brokenAnswers(spec).isEmpty, "\(Self.brokenAnswers(spec))")
        let repo = try #require(spec.operations.first { $0.path == "/repos/{id}" }?.responses.first?.response.body.content.first)
        #expect(SpecMock.body(of: repo, preferring: nil) == .object(["id": .integer(7), "stars": .integer(1), "topics": .array([.string("example")])]))
    }

    @Test("form bodies are checked by their schema as JSON bodies are: urlencoded and multipart")
    func formBodies() throws {
        let path = try BinaryRunner.temporaryFile("forms.yaml", """
            openapi: 3.1.0
            info: { title: forms, version: "1" }
            paths:
              /search:
                post:
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [q]
                          properties: { q: { type: string }, start: { type: integer, minimum: 0 }, tags: { type: array, items: { type: string } } }
                      multipart/form-data:
                        schema:
                          type: object
                          required: [q]
                          properties: { q: { type: string }, start: { type: integer } }
                  responses: { "200": { description: found } }
            """)
        let mock = SpecMock(spec: try OpenAPISpec.load(path: path))
        func status(_ body: String, _ contentType: String) -> Int {
            mock.reply(method: "POST", uri: "/search", headers: [("Content-Type", contentType)], body: Array(body.utf8)).status
        }
        let form = "application/x-www-form-urlencoded"
        #expect(status("q=shoes&start=10&tags=a&tags=b", form) == 200)
        #expect(status("q=1234", form) == 200, "a string property keeps digits as text")
        #expect(status("q=shoes&start=abc", form) == 400)
        #expect(status("start=1", form) == 400, "q is required")
        #expect(status("q=shoes&start=-1", form) == 400)
        let multipart = "multipart/form-data; boundary=XyZ"
        func parts(_ fields: [(String, String)]) -> String {
            fields.map { "--XyZ\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }.joined() + "--XyZ--\r\n"
        }
        #expect(status(parts([("q", "shoes"), ("start", "3")]), multipart) == 200)
        #expect(status(parts([("q", "shoes"), ("start", "three")]), multipart) == 400)
        #expect(status(parts([("start", "3")]), multipart) == 400)
    }
}
