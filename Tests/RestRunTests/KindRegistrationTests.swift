import Foundation
import RestRunTestSupport
import Testing

/// A kind of exchange is its folder and its lines in the registration files (docs/architecture.md,
/// "Kinds of exchange"): outside them, no code of the core names one. Comments and sentences (a
/// message's prose) may; identifiers and keys may not.
@Suite("Kind registration")
struct KindRegistrationTests {
    static let core = Fixtures.repositoryRoot + "/Sources/RestRun"
    /// Each kind's name as code spells it, lower-cased.
    static let kindNames = ["graphql", "grpc", "websocket", "eventstream", "mcp"]
    /// The kinds' own folders.
    static let kindFolders = ["GraphQL/", "GRPC/", "WebSocket/", "Streams/", "MCP/"]
    /// The files where every kind registers: the one place each stage names them.
    static let registration: Set<String> = [
        "Loading/ExchangeKind.swift", "Loading/DeclaredExchangeLoader+Kinds.swift", "Loading/DeclaredExchange+Kinds.swift",
        "Loading/FileSettings+Kinds.swift", "Running/Runner+Kinds.swift", "Running/ResponseChecker+Kinds.swift",
    ]
    /// Files that name a kind for a reason of their own, and the reason.
    static let exceptions: [String: String] = [
        "Reading/ExpectationLoader.swift": "below the kinds: the expect: keys a kind reads itself are passed over there by name",
        "Reporting/HARRecorder.swift": "the HAR format's own field for a WebSocket's messages, _webSocketMessages",
    ]

    /// The code of a Swift file: comments taken out, and string literals that hold a space (prose).
    static func code(_ text: String) -> String {
        var code = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? text.endIndex
            } else if rest.hasPrefix("/*") {
                index = rest.firstRange(of: "*/")?.upperBound ?? text.endIndex
            } else if rest.hasPrefix("\"") {
                var end = text.index(after: index)
                while end < text.endIndex, text[end] != "\"", text[end] != "\n" {
                    end = text[end] == "\\" && text.index(after: end) < text.endIndex ? text.index(end, offsetBy: 2) : text.index(after: end)
                }
                let literal = text[index..<min(text.index(after: min(end, text.index(before: text.endIndex))), text.endIndex)]
                if !literal.contains(" ") { code += literal }
                index = end < text.endIndex ? text.index(after: end) : end
            } else {
                code.append(text[index])
                index = text.index(after: index)
            }
        }
        return code
    }

    @Test("outside its folder and the registration files, no code of the core names a kind")
    func kindsStayHome() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.core).filter { $0.hasSuffix(".swift") }.sorted()
        var strays: [String] = []
        for file in files where !Self.kindFolders.contains(where: file.hasPrefix) && !Self.registration.contains(file) && Self.exceptions[file] == nil {
            let code = Self.code(try String(contentsOfFile: Self.core + "/" + file, encoding: .utf8)).lowercased()
            let named = Self.kindNames.filter { code.contains($0) }
            if !named.isEmpty { strays.append("\(file): \(named.joined(separator: ", "))") }
        }
        #expect(strays.isEmpty, "name these kinds only in their folders and the registration files:\n\(strays.joined(separator: "\n"))")
        for file in Self.registration.union(Self.exceptions.keys) {
            #expect(FileManager.default.fileExists(atPath: Self.core + "/" + file), "\(file) is listed but gone")
        }
    }

    @Test("the reading of code: a comment or a sentence may name a kind, an identifier or a key may not")
    func readsCode() {
        #expect(!Self.code("// grpc here\nlet x = \"a gRPC call\" /* GraphQL */").lowercased().contains("grpc"))
        #expect(Self.code("let key = \"grpc_status\"").contains("grpc_status"))
        #expect(Self.code("var graphqlSchema = 1").contains("graphqlSchema"))
        #expect(Self.code("let s = \"a \\\"quoted\\\" grpc word\"; let t = grpcThing").contains("grpcThing"))
        #expect(!Self.code("let s = \"a \\\"quoted\\\" grpc word\"").contains("grpc word"))
    }
}
