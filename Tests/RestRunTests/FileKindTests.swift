@testable import RestRun
import RestRunTestSupport
import Testing

/// Telling a request file from a flow, a spec, mock routes, a data file or shared settings by its
/// top-level keys, as a directory search does for every YAML file it meets.
@Suite("File kinds")
struct FileKindTests {
    /// The kind as the first version told it: the whole text split into lines by `Character`.
    static func reference(_ text: String) -> FileKind {
        var keys: [Substring: Substring] = [:]
        var sawContent = false
        for line in text.split(whereSeparator: \.isNewline) {
            var rest = line.drop { $0 == "\u{FEFF}" }
            if rest.isEmpty || rest.first == "#" || rest.first == "%" || rest.hasPrefix("---") || rest.hasPrefix("...") { continue }
            if !sawContent {
                sawContent = true
                if rest.first == "[" || rest == "-" || rest.hasPrefix("- ") || rest.hasPrefix("-\t") { return .data }
                if rest.first == "{" { rest = rest.dropFirst().drop { $0 == " " } }
            }
            guard let first = rest.first, first != " ", first != "\t", first != "-" else { continue }
            guard let colon = rest.firstIndex(of: ":") else { continue }
            var key = rest[..<colon]
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
                key = key.dropFirst().dropLast()
            }
            keys[key] = rest[rest.index(after: colon)...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
        }
        return FileKind.of(topLevelKeys: keys)
    }

    @Test("each kind from its keys; indented, commented and quoted lines")
    func examples() {
        let cases: [(String, FileKind)] = [
            ("requests:\n  - url: /a\n", .requests),
            ("name: x\nrequests:\n  - url: /a\n    routes: 1\n", .requests),
            ("openapi: 3.1.0\npaths: {}\n", .openAPI),
            ("\"swagger\": '2.0'\n", .openAPI),
            ("openapi: spec.yaml\nbase_url: http://x\n", .settings),
            ("parameters: [id]\nrequests: []\n", .flow),
            ("exports:\n  token: x\n", .flow),
            ("routes:\n  - path: /a\n", .mockRoutes),
            ("# list\n- id: 1\n- id: 2\n", .data),
            ("[1, 2]\n", .data),
            ("-\n  id: 1\n", .data),
            ("  - id: 1\nroutes: []\n", .mockRoutes),
            ("{routes: []}\n", .mockRoutes),
            ("\u{FEFF}routes: []\r\n", .mockRoutes),
            ("headers:\n  a: b\nvariables: {}\n", .settings),
            ("", .requests),
            ("---\n...\n%YAML 1.2\n", .requests),
            ("héllo: 1\nheaders: {}\n", .requests),
            ("héllo: 1\nroutes: []\n", .mockRoutes),
            ("  x\u{2028}routes: []\n", .mockRoutes),
            ("a: b\u{85}exports: {}\n", .flow),
            ("routes: []\u{0B}requests: []\n", .requests),
        ]
        for (text, kind) in cases {
            #expect(FileKind.of(bytes: Array(text.utf8)) == kind, "\(text.debugDescription)")
            #expect(Self.reference(text) == kind, "reference: \(text.debugDescription)")
        }
    }

    @Test("a file in JSON is told by its keys; a spec's openapi: after 400 KB of YAML still tells it")
    func jsonAndLateKeys() throws {
        #expect(FileKind.of(bytes: Array(#"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}}"#.utf8)) == .openAPI)
        #expect(FileKind.of(bytes: Array("\u{FEFF}{\n  \"swagger\": \"2.0\",\n  \"paths\": {}\n}\n".utf8)) == .openAPI)
        #expect(FileKind.of(bytes: Array(#"{"routes": [{"path": "/a"}]}"#.utf8)) == .mockRoutes)
        #expect(FileKind.of(bytes: Array(#"{"requests": [{"url": "http://h/"}]}"#.utf8)) == .requests)
        let late = "info:\n  title: t\n  description: \"" + String(repeating: "x", count: 400_000) + "\"\npaths: {}\nopenapi: 3.0.3\n"
        let path = try BinaryRunner.temporaryFile("late.yaml", late)
        #expect(FileKind.of(path: path) == .openAPI)
    }

    @Test("the byte-level scan agrees with the line-by-line reading over 20,000 random files")
    func matchesReference() {
        var generator = JSONSelectionTests.SplitMix64(state: 15)
        let pieces = [
            "requests", "routes", "exports", "parameters", "openapi", "swagger", "headers", "base_url", "name",
            ":", ": ", " ", "  ", "\t", "-", "- ", "-\t", "#", "%", "---", "...", "[", "{", "\"", "'", "3", "x",
            "\n", "\n", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}",
            "é", "e\u{301}", ":\u{301}", "\u{301}", "\u{FF10}",
        ]
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 24) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            #expect(FileKind.of(bytes: Array(text.utf8)) == Self.reference(text), "\(text.debugDescription)")
        }
        var bytes: [UInt8] = []
        for _ in 0..<2_000 {
            bytes = (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(FileKind.of(bytes: bytes) == Self.reference(text), "\(bytes)")
        }
    }
}
