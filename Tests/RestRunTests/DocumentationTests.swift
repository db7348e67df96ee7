import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// Every YAML example in docs/request-format.md is a complete file that loads.
@Suite("Documentation examples")
struct DocumentationTests {
    static func yamlBlocks(in document: String) -> [String] {
        Markdown.codeBlocks("yaml", in: document).map { $0 + "\n" }
    }

    @Test("every example in docs/request-format.md loads")
    func requestFormat() throws {
        let document = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/request-format.md", encoding: .utf8)
        let blocks = Self.yamlBlocks(in: document)
        #expect(blocks.count >= 17)
        let loader = RequestFileLoader(predefinedVariables: ["mock_url"])
        for (index, block) in blocks.enumerated() {
            let path = Fixtures.repositoryRoot + "/docs/example-\(index + 1).yaml"
            do {
                if block.contains("routes:") {
                    _ = try MockRoutes.load(text: block, path: path)
                } else {
                    let file = try loader.load(text: block, path: path)
                    #expect(!file.requests.isEmpty)
                }
            } catch {
                Issue.record("example \(index + 1) does not load:\n\(block)\n\(error)")
            }
        }
    }

    @Test("the README's request file example loads")
    func readme() throws {
        let document = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
        let loader = RequestFileLoader(environment: ["API_TOKEN": "x"], predefinedVariables: ["mock_url"])
        let blocks = Self.yamlBlocks(in: document).filter { $0.contains("requests:") }
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(throws: Never.self) { try loader.load(text: block, path: Fixtures.repositoryRoot + "/README.yaml") }
        }
    }
}

/// Every Swift snippet in docs/plugins.md is copied from the example package CI builds, so it compiles.
@Suite("Plugin documentation")
struct PluginDocumentationTests {
    static func blocks(_ language: String, in document: String) -> [String] {
        Markdown.codeBlocks(language, in: document)
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("every Swift snippet appears word for word in Examples/CustomDecoders")
    func swiftSnippets() throws {
        let root = Fixtures.repositoryRoot
        let document = try String(contentsOfFile: root + "/docs/plugins.md", encoding: .utf8)
        let example = root + "/Examples/CustomDecoders"
        var sources = [try String(contentsOfFile: example + "/Package.swift", encoding: .utf8)]
        let enumerator = FileManager.default.enumerator(atPath: example)
        while let path = enumerator?.nextObject() as? String {
            if path == ".build" { enumerator?.skipDescendants() }
            if path.hasSuffix(".swift"), !path.hasPrefix(".build") {
                sources.append(try String(contentsOfFile: example + "/" + path, encoding: .utf8))
            }
        }
        let corpus = Self.normalized(sources.joined(separator: "\n"))
        let snippets = Self.blocks("swift", in: document)
        #expect(snippets.count >= 8)
        for snippet in snippets {
            #expect(corpus.contains(Self.normalized(snippet)), "not found in Examples/CustomDecoders:\n\(snippet)")
        }
    }

    @Test("the external decoder example runs: the YAML loads and the script prints JSON")
    func externalDecoder() async throws {
        let root = Fixtures.repositoryRoot
        let document = try String(contentsOfFile: root + "/docs/plugins.md", encoding: .utf8)
        let yaml = try #require(Self.blocks("yaml", in: document).first)
        let file = try RequestFileLoader().load(text: yaml, path: root + "/docs/examples/plugins.yaml")
        #expect(file.decoders.map(\.name) == ["Upper"])
        let script = try #require(Self.blocks("sh", in: document).last)
        #expect(try String(contentsOfFile: root + "/docs/examples/tools/upper.sh", encoding: .utf8) == script + "\n")
        let value = try await file.decoders[0].decoder.decode(Response(status: 200, body: Array("hello world".utf8)))
        #expect(value == .object(["text": .string("hello world"), "upper": .string("HELLO WORLD")]))
    }
}
