import Foundation
import OrderedCollections
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
                } else if block.hasPrefix("\"") {
                    // A snapshot file, as `expect: snapshot:` writes it.
                    #expect(try !SnapshotFile.entries(in: block, path: path).isEmpty)
                } else {
                    let file = try loader.load(text: block, path: path)
                    #expect(!file.requests.isEmpty)
                }
            } catch {
                Issue.record("example \(index + 1) does not load:\n\(block)\n\(error)")
            }
        }
    }

    @Test("every example in docs/contracts.md loads: its schemas and spec compile")
    func contracts() throws {
        let document = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/contracts.md", encoding: .utf8)
        let blocks = Self.yamlBlocks(in: document)
        #expect(blocks.count >= 2)
        for (index, block) in blocks.enumerated() {
            let path = Fixtures.repositoryRoot + "/docs/contracts-\(index + 1).yaml"
            #expect(throws: Never.self, "contracts example \(index + 1)") { try RequestFileLoader().load(text: block, path: path) }
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

/// Every Swift snippet in docs/plugins.md is a whole file of the example package, and compiles on
/// its own against the rest-run modules this test run was built with.
@Suite("Plugin documentation")
struct PluginDocumentationTests {
    /// A Swift snippet and the example file it says it is.
    struct Snippet {
        var path: String
        var text: String
    }

    static let example = Fixtures.repositoryRoot + "/Examples/CustomDecoders"

    static func blocks(_ language: String, in document: String) -> [String] {
        Markdown.codeBlocks(language, in: document)
    }

    /// Each ```swift block with the file named in backticks on the nearest line above it.
    static func snippets() throws -> [Snippet] {
        let document = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/plugins.md", encoding: .utf8)
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var snippets: [Snippet] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift" else {
                index += 1
                continue
            }
            let caption = lines[..<index].last { !$0.isEmpty } ?? ""
            let path = caption.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? caption
            var end = index + 1
            while end < lines.count, lines[end] != "```" { end += 1 }
            snippets.append(Snippet(path: path, text: lines[(index + 1)..<end].joined(separator: "\n") + "\n"))
            index = end + 1
        }
        return snippets
    }

    @Test("every Swift snippet is the whole example file named above it")
    func snippetsAreWholeFiles() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 10)
        for snippet in snippets {
            let file = try? String(contentsOfFile: Self.example + "/" + snippet.path, encoding: .utf8)
            #expect(file == snippet.text, "docs/plugins.md's snippet is not Examples/CustomDecoders/\(snippet.path)")
        }
    }

    @Test("every Swift snippet compiles on its own, with only the imports it shows")
    func snippetsCompile() async throws {
        let compiler = try #require(SnippetCompiler.forThisBuild(), "the rest-run modules of this build were not found")
        let scratch = try SnippetCompiler.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var library: [String] = [], programs: [String] = [], standalone: [String] = []
        for (number, snippet) in try Self.snippets().enumerated() {
            let name = snippet.path.hasSuffix("main.swift") ? "main.swift" : "snippet\(number).swift"
            let directory = scratch + "/\(number)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let file = directory + "/" + name
            try snippet.text.write(toFile: file, atomically: true, encoding: .utf8)
            if snippet.path == "Package.swift" {
                try await compiler.expectManifestCompiles(file)
            } else if snippet.path.hasPrefix("Sources/ArticlesKit/") {
                library.append(file)
            } else if name == "main.swift" {
                programs.append(file)
            } else {
                standalone.append(file)
            }
        }
        #expect(library.count >= 6 && programs.count == 2 && standalone.count == 3)
        try await compiler.expectCompiles(library, emittingModule: "ArticlesKit", into: scratch)
        for file in standalone { try await compiler.expectCompiles([file], emittingModule: nil, into: scratch) }
        for file in programs { try await compiler.expectCompiles([file], emittingModule: nil, into: scratch) }
    }

    @Test("the snippet compiler sees a mistake: a snippet that lacks its import does not compile")
    func compilerCatchesMissingImport() async throws {
        let compiler = try #require(SnippetCompiler.forThisBuild())
        let scratch = try SnippetCompiler.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let file = scratch + "/Broken.swift"
        try "struct Broken: Networking {}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let output = try await compiler.compile([file], emittingModule: nil, into: scratch)
        #expect(output.status != 0)
        #expect(output.all.contains("Networking"))
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
        // The script with the example's command but a longer timeout: a loaded machine may take
        // more than the example's 5 s to start a shell.
        let loaded = file.decoders[0].decoder
        let decoder = ExternalDecoder(name: loaded.name, command: loaded.command, timeout: .seconds(60))
        let value = try await decoder.decode(Response(status: 200, body: Array("hello world".utf8)))
        #expect(value == .object(["text": .string("hello world"), "upper": .string("HELLO WORLD")]))
    }
}
