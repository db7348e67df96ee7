import Foundation
import RestRunTestSupport
import Testing

/// Folders and modules depend one way: each may name only the types of the layers below it, as
/// docs/architecture.md lists them. Dependencies are read as `../shared/tools/folder-deps.py`
/// reads them: a type belongs to the folder that declares it, and a folder depends on another when
/// one of its files names one of that folder's types (within one module, imports say nothing).
@Suite("Layering")
struct LayeringTests {
    static let sources = Fixtures.repositoryRoot + "/Sources"

    @Test("no folder or module names a type of its own layer or of one above it")
    func oneWay() throws {
        let layers = try Self.layers()
        let graph = try FolderGraph(root: Self.sources)
        #expect(!layers.isEmpty, "docs/architecture.md lists no layers")
        let unlisted = graph.folders.subtracting(layers.keys)
        #expect(unlisted.isEmpty, "docs/architecture.md's layers do not list \(unlisted.sorted())")
        var upward: [String] = []
        for (edge, names) in graph.edges.sorted(by: { ($0.key.from, $0.key.to) < ($1.key.from, $1.key.to) }) {
            guard let low = layers[edge.to], let high = layers[edge.from], low >= high else { continue }
            upward.append("\(edge.from) (layer \(high)) names \(edge.to) (layer \(low)): \(names.sorted().prefix(4).joined(separator: ", "))")
        }
        #expect(upward.isEmpty, "\(upward.joined(separator: "\n"))")
    }

    @Test("every type name is declared in one folder, so a name says where it comes from")
    func namesAreUnique() throws {
        let graph = try FolderGraph(root: Self.sources)
        let shared = graph.declaredIn.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value.sorted())" }
        #expect(shared.isEmpty, "\(shared.sorted().joined(separator: "\n"))")
    }

    @Test("the reading sees a dependency: a type named across folders is an edge, one in a comment or string is not")
    func readsEdges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, text) in [
            "Low/Core/Thing.swift": "struct Thing {}\n",
            "Low/Core/Other.swift": "struct Other { // names Upper\n let note = \"Upper\" }\n",
            "Low/Top/Upper.swift": "struct Upper { let thing: Thing }\n",
        ] {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let graph = try FolderGraph(root: folder)
        #expect(graph.edges.keys.map { "\($0.from) -> \($0.to)" } == ["Low/Top -> Low/Core"])
    }

    /// The layer of each folder: the numbered lines of the `layers` block of docs/architecture.md.
    static func layers() throws -> [String: Int] {
        let text = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/architecture.md", encoding: .utf8)
        guard let block = Markdown.codeBlocks("layers", in: text).first else { return [:] }
        var layers: [String: Int] = [:]
        for line in block.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let first = words.first, let number = Int(first) else { continue }
            for folder in words.dropFirst() { layers[String(folder)] = number }
        }
        return layers
    }
}
