import Foundation
import OrderedCollections
@testable import RestRun
import RestRunTestSupport
import Testing

/// Snapshot entries, files and differences: what `expect: snapshot:` records and reports.
@Suite("Snapshots")
struct SnapshotTests {
    static func json(_ text: String) throws -> DecodedValue { try JSONParser.parse(text) }

    // MARK: Locations

    @Test("a path's locations are the normalized paths of what it selects, wildcards, filters and .. included")
    func locations() throws {
        let value = try Self.json(#"{"a": [{"id": 1, "t": "x"}, {"id": 2}], "b": {"id": 3, "c d": {"id": 4}}}"#)
        func texts(_ path: String) throws -> [String] { try JSONPath(path).locate(value).map(JSONPath.text(of:)) }
        #expect(try texts("$.a[*].id") == ["$.a[0].id", "$.a[1].id"])
        #expect(try texts("$..id") == ["$.a[0].id", "$.a[1].id", "$.b.id", "$.b['c d'].id"])
        #expect(try texts("$.a[?@.id > 1]") == ["$.a[1]"])
        #expect(try texts("$.a[-1]") == ["$.a[1]"])
        #expect(try texts("$.a[0:2:1].t") == ["$.a[0].t"])
        #expect(try texts("$.missing") == [])
        #expect(JSONPath.text(of: [.name("it's"), .name("a\\b"), .name("1x"), .name("_ok9"), .index(3)]) == #"$['it\'s']['a\\b']['1x']._ok9[3]"#)
        #expect(JSONPath.text(of: [.name("\n\u{01}")]) == #"$['\n\u0001']"#)
        // What `select` selects, `locate` finds, in the same order.
        let selected = try JSONPath("$..*").select(value)
        let located = try JSONPath("$..*").locate(value)
        #expect(selected.count == located.count)
    }

    // MARK: Differences

    @Test("a change is named at its path with both values as JSON; what is added or removed once, at its root")
    func changes() throws {
        let old = SnapshotEntry(status: 200, body: try Self.json(#"{"data": [{"title": "A"}, {"n": 1}], "meta": {"page": 1, "size": 2}}"#))
        let new = SnapshotEntry(status: 404, body: try Self.json(#"{"data": [{"title": "B"}, {"n": 1.0}, {"n": 3}, {"n": 4}], "meta": {"size": 2}, "links": {"self": "/x"}}"#))
        let messages = SnapshotDiff.changes(from: old, to: new).map(\.message)
        #expect(messages == [
            "status: 200 → 404",
            #"$.data[0].title: "A" → "B""#,
            "$.data[2]: added",
            "$.data[3]: added",
            "$.links: added",
            "$.meta.page: removed",
        ])
        #expect(SnapshotDiff.changes(from: old, to: old).isEmpty)
    }

    @Test("ignored paths are not compared, but a member appearing or going there still is a change")
    func ignoring() throws {
        let old = SnapshotEntry(status: 200, body: try Self.json(#"{"a": {"updated_at": "1", "request_id": "r1"}, "list": [{"request_id": "r2", "v": 1}]}"#))
        let new = SnapshotEntry(status: 200, body: try Self.json(#"{"a": {"updated_at": "2", "request_id": "r9"}, "list": [{"request_id": {"deep": true}, "v": 1}]}"#))
        let ignore = try [JSONPath("$.a.updated_at"), JSONPath("$..request_id")]
        #expect(SnapshotDiff.changes(from: old, to: new, ignoring: ignore).isEmpty)
        #expect(SnapshotDiff.changes(from: old, to: new).count == 3)
        let gone = SnapshotEntry(status: 200, body: try Self.json(#"{"a": {"request_id": "r9"}, "list": [{"request_id": "x", "v": 1}]}"#))
        #expect(SnapshotDiff.changes(from: old, to: gone, ignoring: ignore).map(\.message) == ["$.a.updated_at: removed"])
    }

    @Test("headers are compared by the names recorded; a text body as one value; long values cut at 200 characters")
    func headersAndText() throws {
        let old = SnapshotEntry(status: 200, headers: ["Content-Type": "text/plain", "X-Gone": "1"], body: .string("hello"))
        let new = SnapshotEntry(status: 200, headers: ["Content-Type": "application/json", "X-New": "2"], body: .string(String(repeating: "y", count: 500)))
        let messages = SnapshotDiff.changes(from: old, to: new).map(\.message)
        #expect(messages.prefix(3) == [
            #"header Content-Type: "text/plain" → "application/json""#, "header X-Gone: removed", "header X-New: added",
        ])
        let last = try #require(messages.last)
        #expect(last.hasPrefix(#"$: "hello" → "yyy"#))
        #expect(last.hasSuffix("…"))
        #expect(last.count == #"$: "hello" → "#.count + 200 + 1)
    }

    // MARK: Files

    @Test("a snapshot file reads back as it was written, whatever the strings and numbers")
    func roundTrip() throws {
        let strings = [
            "", "plain", "two\nlines", "ends with a break\n", "two breaks\n\n", "\n", "\n\nleading", "  indented first\nsecond",
            "tab\there", "cr\r\nlf", "quote \" and \\ backslash", "unicode é 日本 🎉", "nel \u{85} ls \u{2028} bom \u{FEFF}",
            "control \u{01}\u{7F}", "trailing spaces   \nline  ", "# not a comment\n- not a list\n: not a key", "'single'",
            "null", "true", "123", "- dash", "{{name}}", "[redacted]",
        ]
        var entries: [String: SnapshotEntry] = [:]
        for (index, text) in strings.enumerated() {
            entries["text \(index): \(text)"] = SnapshotEntry(status: 200, body: .string(text))
        }
        entries["json"] = SnapshotEntry(status: 201, headers: ["Content-Type": "application/json", "X-Ünïcode": "é"], body: try Self.json(#"""
            {"z": 1, "a": [1, 2.5, -0.125, 1e300, 12345678901234567, true, false, null, "s", [], {}],
             "nested": {"b": {"c": [{"d": "line\nbreak"}]}}, "": "empty key", "key with \"quotes\"": 1,
             "\u0000nul": "\u0000"}
            """#))
        entries["empty headers"] = SnapshotEntry(status: 204, headers: [:], body: .string(""))
        entries["binary"] = SnapshotEntry(status: 200, body: .object(["length": .integer(3), "sha256": .string("ab")]))
        entries[String(repeating: "k", count: 1500)] = SnapshotEntry(status: 200, body: .object([String(repeating: "m", count: 1200): .integer(1)]))
        let text = SnapshotFile.text(of: entries)
        let read = try SnapshotFile.entries(in: text, path: "x.snap.yaml")
        #expect(Set(read.keys) == Set(entries.keys))
        for (name, entry) in entries {
            #expect(read[name] == entry, "\(name.debugDescription) reads back as \(String(describing: read[name]))\n\(text)")
            #expect(read[name]?.headers == entry.headers)
        }
        #expect(SnapshotFile.text(of: read) == text, "writing what was read gives the same bytes")
    }

    @Test("entries and members are sorted, JSON is indented, text with breaks is a block")
    func layout() throws {
        let entries = [
            "b": SnapshotEntry(status: 200, body: try Self.json(#"{"y": [1, {"k": "v"}], "x": {}}"#)),
            "a": SnapshotEntry(status: 200, headers: ["Content-Type": "text/plain"], body: .string("one\ntwo\n")),
        ]
        #expect(SnapshotFile.text(of: entries) == SnapshotFile.heading + """
            "a":
              status: 200
              headers:
                "Content-Type": "text/plain"
              body: |2
                one
                two
            "b":
              status: 200
              body:
                {
                  "x": {},
                  "y": [
                    1,
                    {
                      "k": "v"
                    }
                  ]
                }

            """)
        #expect(SnapshotFile.path(for: "requests/articles.yaml") == "requests/__snapshots__/articles.yaml.snap.yaml")
        #expect(SnapshotFile.path(for: "articles.yaml") == "__snapshots__/articles.yaml.snap.yaml")
    }

    @Test("a file that is not a snapshot file is one error at its line")
    func invalidFiles() throws {
        func message(_ text: String) -> String {
            do {
                _ = try SnapshotFile.entries(in: text, path: "s.snap.yaml")
                return "no error"
            } catch {
                return error.diagnostics.map(\.description).joined(separator: "\n")
            }
        }
        #expect(message("- a\n").contains("s.snap.yaml:1:1: error: a snapshot file is a mapping"))
        #expect(message("\"a\":\n  status: 200\n  bodi: 1\n").contains("s.snap.yaml:3:3: error: unknown key 'bodi'"))
        #expect(message("\"a\":\n  status: ok\n  body: 1\n").contains("s.snap.yaml:2:11: error: the status of \"a\" must be a whole number"))
        #expect(message("\"a\":\n  status: 200\n").contains("has no body"))
        #expect(message("<<<<<<< HEAD\n\"a\": 1\n=======\n").contains("s.snap.yaml:"))
        #expect(try SnapshotFile.entries(in: "", path: "s").isEmpty)
    }

    // MARK: Entries

    @Test("a body is recorded as JSON, text or a digest, with secrets and credential headers redacted")
    func entries() throws {
        let redactor = Redactor(secrets: ["s3cr3t-value"])
        let declaration = SnapshotDeclaration(headers: ["Content-Type", "Set-Cookie", "X-Missing", "X-Echo"])
        func entry(_ body: [UInt8], _ headers: [(String, String)]) -> SnapshotEntry {
            SnapshotEntry(response: Response(status: 200, headers: Headers(headers), body: body), declaration: declaration, decoded: nil, redactor: redactor)
        }
        let json = entry(Array(#"{"token": "s3cr3t-value", "n": 1}"#.utf8), [("Content-Type", "application/problem+json"), ("Set-Cookie", "a=b"), ("X-Echo", "s3cr3t-value")])
        #expect(json.body == .object(["token": .string("[redacted]"), "n": .integer(1)]))
        #expect(json.headers == ["Content-Type": "application/problem+json", "Set-Cookie": "[redacted]", "X-Echo": "[redacted]"])
        #expect(entry(Array("hello\n".utf8), [("Content-Type", "text/plain")]).body == .string("hello\n"))
        #expect(entry(Array("[1, 2]".utf8), []).body == .array([.integer(1), .integer(2)]))
        #expect(entry(Array("{not json".utf8), [("Content-Type", "application/json")]).body == .string("{not json"))
        let binary = entry([0, 1, 2, 0xFF], [("Content-Type", "application/octet-stream")])
        // The digest as `sha256sum` prints it.
        #expect(binary.body == .object(["length": .integer(4), "sha256": .string("3d1f57c984978ef98a18378c8166c1cb8ede02c03eeb6aee7e2f121dfeee3e56")]))
    }
}

