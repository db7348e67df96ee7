import Foundation
import RestRunTestSupport
import Testing

/// `Response`, `PreparedRequest` and `RequestResult` keep their fields in one copy-on-write box,
/// so a copy is one retain. Their accessors (a `get` and a `_modify` that yields into the box) are
/// not written by hand: each field of the box declared with an access level gets one of that
/// level, with the field's documentation, in the `+Fields.swift` file beside the type.
/// `REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor` writes those files anew.
@Suite("Field accessors")
struct FieldAccessorTests {
    /// The types, the file declaring each and the name of its box's fields.
    static let types = [
        (type: "Response", file: "Sources/RestRun/Networking/Response.swift", fields: "ResponseFields"),
        (type: "PreparedRequest", file: "Sources/RestRun/Networking/PreparedRequest.swift", fields: "PreparedFields"),
        (type: "RequestResult", file: "Sources/RestRun/Results/RequestResult.swift", fields: "ResultFields"),
    ]

    @Test("each generated accessor file is what its type's fields make")
    func generatedFilesAreCurrent() throws {
        for entry in Self.types {
            let source = try String(contentsOfFile: Fixtures.repositoryRoot + "/" + entry.file, encoding: .utf8)
            let fields = try #require(Self.fields(named: entry.fields, in: source), "\(entry.file) has no struct \(entry.fields)")
            #expect(!fields.isEmpty, "\(entry.fields) declares no field with an access level")
            let generated = Self.accessors(of: entry.type, fields: fields, from: entry.fields)
            let path = Fixtures.repositoryRoot + "/" + entry.file.replacingOccurrences(of: ".swift", with: "+Fields.swift")
            if ProcessInfo.processInfo.environment["REST_RUN_WRITE_ACCESSORS"] == "1" {
                try generated.write(toFile: path, atomically: true, encoding: .utf8)
            }
            let current = try? String(contentsOfFile: path, encoding: .utf8)
            #expect(current == generated, """
                \(path) is not what \(entry.type).\(entry.fields) makes: run \
                REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor
                """)
        }
    }

    @Test("a field's documentation, access level, name and type make its accessor")
    func generator() throws {
        let source = """
            public struct Thing {
                struct ThingFields: Sendable {
                    /// The name.
                    /// On two lines.
                    public var name: String
                    var hidden: Int
                    /// Kept for the package.
                    package var items: [(String, Int)] = []
                }
            }
            """
        let fields = try #require(Self.fields(named: "ThingFields", in: source))
        #expect(fields.map(\.name) == ["name", "items"])
        #expect(Self.accessors(of: "Thing", fields: fields, from: "ThingFields").contains("""
                /// Kept for the package.
                package var items: [(String, Int)] {
                    get { storage.value.items }
                    _modify { yield &storage.value.items }
                }
            """))
    }

    /// A field of a box: its documentation lines, access level, name and type.
    struct Field: Equatable {
        var docs: [String]
        var access: String
        var name: String
        var type: String
    }

    /// The fields of `struct <name>` in `source` that have an access level, in order; nil when
    /// there is no such struct.
    static func fields(named name: String, in source: String) -> [Field]? {
        let lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("struct \(name):") }) else { return nil }
        var fields: [Field] = []
        var docs: [String] = []
        for line in lines[(start + 1)...] {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text == "}" { break }
            if text.hasPrefix("///") {
                docs.append(text)
                continue
            }
            defer { docs = [] }
            let words = text.split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count == 3, ["public", "package"].contains(words[0]), words[1] == "var",
                  let colon = words[2].firstIndex(of: ":")
            else { continue }
            var type = String(words[2][words[2].index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if let assignment = type.range(of: " = ") { type = String(type[..<assignment.lowerBound]) }
            fields.append(Field(docs: docs, access: words[0], name: String(words[2][..<colon]), type: type))
        }
        return fields
    }

    /// The generated file: an extension of `type` with one accessor per field.
    static func accessors(of type: String, fields: [Field], from fieldsName: String) -> String {
        var text = """
            // Generated from `\(type).\(fieldsName)` by
            // `REST_RUN_WRITE_ACCESSORS=1 swift test --filter FieldAccessor`: change the fields, not this file.

            extension \(type) {

            """
        for field in fields {
            for doc in field.docs { text += "    \(doc)\n" }
            text += """
                    \(field.access) var \(field.name): \(field.type) {
                        get { storage.value.\(field.name) }
                        _modify { yield &storage.value.\(field.name) }
                    }

                """
        }
        return text + "}\n"
    }
}
