import Foundation
import RestRunTestSupport
import Testing

/// The libraries' public API may not drift: every `public` declaration of RestRun, RestRunMock and
/// RestRunCLI is listed in `Fixtures/public-api.txt`, and every type on that list is explained in
/// docs/plugins.md §7. A change to the API changes the list in the same commit
/// (`REST_RUN_WRITE_API=1 swift test --filter PublicAPI` writes it anew).
@Suite("Public API")
struct PublicAPITests {
    static let modules = ["RestRun", "RestRunMock", "RestRunCLI"]
    static let listPath = Fixtures.repositoryRoot + "/Tests/RestRunTests/Fixtures/public-api.txt"
    /// The sources' public declarations, scanned once for both tests.
    static let current: [String] = (try? modules.flatMap { try PublicDeclarations.list(module: $0, root: Fixtures.repositoryRoot) }) ?? []

    @Test("the public declarations are those of the checked-in list")
    func matchesList() throws {
        let current = Self.current
        #expect(!current.isEmpty, "no public declaration found in Sources/")
        let text = current.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["REST_RUN_WRITE_API"] == "1" {
            try text.write(toFile: Self.listPath, atomically: true, encoding: .utf8)
        }
        let listed = try String(contentsOfFile: Self.listPath, encoding: .utf8).split(separator: "\n").map(String.init)
        let added = current.filter { !listed.contains($0) }
        let removed = listed.filter { !current.contains($0) }
        #expect(added.isEmpty && removed.isEmpty, """
            the public API changed; if on purpose, run REST_RUN_WRITE_API=1 swift test --filter PublicAPI and explain it in docs/plugins.md §7
            added:
            \(added.joined(separator: "\n"))
            removed:
            \(removed.joined(separator: "\n"))
            """)
    }

    @Test("docs/plugins.md §7 names every public type")
    func typesDocumented() throws {
        let docs = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/plugins.md", encoding: .utf8)
        guard let start = docs.range(of: "## 7. The whole public API"), let end = docs.range(of: "\n## 8.", range: start.upperBound..<docs.endIndex) else {
            Issue.record("docs/plugins.md has no section 7")
            return
        }
        let section = docs[start.upperBound..<end.lowerBound]
        let types = Self.current.compactMap(PublicDeclarations.typeName)
        let missing = Set(types).filter { !section.contains("`\($0)`") && !section.contains("`\($0)(") && !section.contains("`\($0) ") }
        #expect(missing.isEmpty, "docs/plugins.md §7 does not name: \(missing.sorted().joined(separator: ", "))")
    }

    @Test("the scanner reads nesting, signatures over several lines, strings and comments")
    func scanner() {
        let source = """
            /// A { brace in a comment
            public struct Outer: Sendable {
                public var name = "a { brace"
                package var hidden = 1
                public init(
                    name: String,
                    other: Int = 2
                ) { self.name = name }
                public enum Kind: String { case one, two
                    case three }
                private struct Inner { public var no = 1 }
                public func run(_ x: Int) async throws -> [String] {
                    let text = #"}"#
                    return []
                }
            }
            extension Outer {
                /// Documented.
                public static func make() -> Outer { Outer(name: "") }
            }
            public protocol Maker {
                func make(
                    _ name: String) async throws -> Outer
                var label: String { get }
            }
            protocol Hidden { func no() }
            extension Maker {
                public func make(_ name: String) async throws -> Outer { Outer(name: name) }
                func helper() {}
            }
            """
        #expect(PublicDeclarations.scan(source) == [
            "struct Outer: Sendable",
            "Outer.var name",
            "Outer.init(name: String, other: Int = 2)",
            "Outer.enum Kind: String",
            "Outer.Kind.case one, two",
            "Outer.Kind.case three",
            "Outer.func run(_ x: Int) async throws -> [String]",
            "Outer.static func make() -> Outer",
            "protocol Maker",
            "Maker.requirement func make(_ name: String) async throws -> Outer",
            "Maker.requirement var label: String",
            "Maker.func make(_ name: String) async throws -> Outer",
        ])
    }
}

/// Lists a module's `public` declarations from its sources, each with the types it is nested in:
/// `RunSession.func load() async -> Loaded`. Variables are listed by name, functions and
/// initialisers with their whole signature, an enum's cases as written, a public protocol's
/// requirements as `requirement …` (what an extender implements).
enum PublicDeclarations {
    /// The sorted list of `module`'s public declarations, each prefixed with the module.
    static func list(module: String, root: String) throws -> [String] {
        let folder = root + "/Sources/" + module
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var result: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let source = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            result += scan(source).map { "\(module): \($0)" }
        }
        return result.sorted()
    }

    /// The type a listed line declares (`RestRun: struct RunSession: Sendable` is `RunSession`,
    /// `RestRun: Networker.struct Clients` is `Networker.Clients`), or nil for a member.
    static func typeName(_ line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let declaration = line[line.index(colon, offsetBy: 2)...]
        var outer = ""
        var rest = Substring(declaration)
        for keyword in ["struct ", "final class ", "class ", "enum ", "protocol ", "actor ", "typealias "] {
            if let range = rest.range(of: keyword), rest[..<range.lowerBound].allSatisfy({ $0 != " " }) {
                outer = String(rest[..<range.lowerBound])
                rest = rest[range.upperBound...]
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return outer + name
            }
        }
        return nil
    }

    /// The public declarations of one source file.
    static func scan(_ source: String) -> [String] {
        let code = withoutCommentsAndStrings(source)
        var result: [String] = []
        // The open scopes: the type each names (nil for a function body, an extension of nothing
        // public, or a non-public type, whose contents are not listed), and whether it is a
        // protocol, whose requirements are as public as it is.
        var scopes: [(name: String?, isPublic: Bool, isProtocol: Bool)] = []
        var index = code.startIndex
        var pendingScope: (name: String?, isPublic: Bool, isProtocol: Bool)?
        var statement = ""
        func path() -> String? {
            var names: [String] = []
            for scope in scopes {
                guard scope.isPublic, let name = scope.name else { return nil }
                names.append(name)
            }
            return names.isEmpty ? "" : names.joined(separator: ".") + "."
        }
        func finish(_ text: String) {
            var words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            let declaration = words.joined(separator: " ").replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
            pendingScope = (nil, false, false)
            if declaration.hasPrefix("extension ") {
                pendingScope = (String(declaration.dropFirst("extension ".count).prefix { $0 != ":" && $0 != " " && $0 != "<" }), true, false)
                return
            }
            let inPublicProtocol = scopes.last.map { $0.isProtocol && $0.isPublic } ?? false
            let requirement = inPublicProtocol
                && ["func ", "var ", "static func ", "static var ", "init", "associatedtype ", "mutating func "].contains(where: declaration.hasPrefix)
            let isPublic = declaration.hasPrefix("public ") || requirement
            var body = declaration.hasPrefix("public ") ? String(declaration.dropFirst("public ".count)) : declaration
            for modifier in ["private(set) ", "package(set) ", "internal(set) "] where body.hasPrefix(modifier) {
                body = String(body.dropFirst(modifier.count))
            }
            for keyword in ["struct ", "final class ", "class ", "enum ", "protocol ", "actor "] where body.hasPrefix(keyword) {
                let name = String(body.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                pendingScope = (name, isPublic, keyword == "protocol ")
                if isPublic, let prefix = path() { result.append(prefix + body) }
                return
            }
            // An enum's cases are as public as the enum; `case` in a function body is a pattern.
            if body.hasPrefix("case "), let prefix = path(), !prefix.isEmpty {
                result.append(prefix + body)
                return
            }
            guard isPublic, let prefix = path() else { return }
            if requirement {
                result.append(prefix + "requirement " + body)
            } else if let keyword = ["var ", "let ", "static var ", "static let "].first(where: body.hasPrefix) {
                result.append(prefix + keyword + body.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            } else {
                result.append(prefix + body)
            }
        }
        var parens = 0
        while index < code.endIndex {
            let character = code[index]
            switch character {
            case "(", "[":
                parens += 1
                statement.append(character)
            case ")", "]":
                parens -= 1
                statement.append(character)
            case "{" where parens == 0:
                finish(statement)
                scopes.append(pendingScope ?? (nil, false, false))
                pendingScope = nil
                statement = ""
            case "}" where parens == 0:
                finish(statement)
                if !scopes.isEmpty { scopes.removeLast() }
                statement = ""
            case "\n" where parens == 0, ";" where parens == 0:
                let trimmed = statement.trimmingCharacters(in: .whitespaces)
                // A declaration goes on when its line ends with an arrow, a comma, a colon or `where`.
                if trimmed.hasSuffix("->") || trimmed.hasSuffix(",") || trimmed.hasSuffix(":") || trimmed.hasSuffix(" where")
                    || trimmed.hasPrefix("@") && !trimmed.contains(" ") {
                    statement.append(" ")
                } else {
                    finish(statement)
                    statement = ""
                }
            default:
                statement.append(character)
            }
            index = code.index(after: index)
        }
        return result
    }

    /// `source` with comments removed and string literals emptied, so that braces in them do not count.
    static func withoutCommentsAndStrings(_ source: String) -> String {
        var result = ""
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : "\0"
            if character == "/", next == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "/", next == "*" {
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            if character == "#" || character == "\"" {
                var hashes = 0
                var start = index
                while start < characters.count, characters[start] == "#" { hashes += 1; start += 1 }
                guard start < characters.count, characters[start] == "\"" else {
                    result.append(character)
                    index += 1
                    continue
                }
                let triple = start + 2 < characters.count && characters[start + 1] == "\"" && characters[start + 2] == "\""
                let quote = triple ? 3 : 1
                var position = start + quote
                let closing = String(repeating: "\"", count: quote) + String(repeating: "#", count: hashes)
                let closingCharacters = Array(closing)
                while position < characters.count {
                    if hashes == 0, characters[position] == "\\" { position += 2; continue }
                    if Array(characters[position..<min(characters.count, position + closingCharacters.count)]) == closingCharacters { break }
                    if !triple, characters[position] == "\n" { break }
                    position += 1
                }
                result += "\"\""
                index = position + closingCharacters.count
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }
}
