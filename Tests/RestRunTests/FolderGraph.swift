import Foundation

/// The folders of a source tree and which name which: `Module/Folder` for a module's folders
/// (deeper folders count as theirs), the module for its top-level files.
struct FolderGraph {
    /// Every folder holding Swift files.
    var folders: Set<String> = []
    /// For each type name, the folders that declare it.
    var declaredIn: [String: Set<String>] = [:]
    /// One folder naming another.
    struct Edge: Hashable {
        var from: String
        var to: String
    }

    /// For each pair of folders, the type names by which the first names the second.
    var edges: [Edge: Set<String>] = [:]

    /// Names a library's protocol makes every conformer declare (SwiftNIO's channel handlers):
    /// they are the library's, not the declaring folder's.
    static let requiredByLibraries: Set<String> = ["InboundIn", "InboundOut", "OutboundIn", "OutboundOut"]

    init(root: String) throws {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return }
        var texts: [(folder: String, text: String)] = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let parts = path.split(separator: "/").map(String.init)
            let folder = parts.count > 2 ? parts[0] + "/" + parts[1] : parts[0]
            folders.insert(folder)
            texts.append((folder, try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
        }
        let declaration = try NSRegularExpression(
            pattern: #"^\s*(?:public |package |internal |private |fileprivate |final |indirect |@\w+ )*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w+)"#,
            options: .anchorsMatchLines)
        for (folder, text) in texts {
            for name in Self.matches(declaration, in: text) where name.count > 3 && !Self.requiredByLibraries.contains(name) {
                declaredIn[name, default: []].insert(folder)
            }
        }
        let commentsAndStrings = try NSRegularExpression(pattern: #"//[^\n]*|"(?:\\.|[^"\\\n])*""#)
        let word = try NSRegularExpression(pattern: #"\b([A-Z]\w+)\b"#)
        for (folder, text) in texts {
            let code = commentsAndStrings.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            for name in Set(Self.matches(word, in: code)) {
                guard let owners = declaredIn[name], !owners.contains(folder) else { continue }
                for owner in owners { edges[Edge(from: folder, to: owner), default: []].insert(name) }
            }
        }
    }

    private static func matches(_ expression: NSRegularExpression, in text: String) -> [String] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
