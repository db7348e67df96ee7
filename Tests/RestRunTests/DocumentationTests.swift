import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// Every YAML example in docs/request-format.md is a complete file that loads.
@Suite("Documentation examples")
struct DocumentationTests {
    static func yamlBlocks(in document: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```yaml" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
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
