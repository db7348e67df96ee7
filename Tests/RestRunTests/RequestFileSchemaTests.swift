import Foundation
import OrderedCollections
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// `rest-run schema`: the request-file format as JSON Schema, checked with rest-run's own
/// validator against the docs' examples, the shipped files and files with mistakes.
@Suite("request-file schema")
struct RequestFileSchemaTests {
    static func compile(_ value: DecodedValue) throws -> JSONSchema {
        try JSONSchema.compile(SchemaDocument(uri: SchemaURI("https://rest-run.dev/schemas/test.json"), value: value))
    }

    static func yaml(_ text: String) throws -> DecodedValue {
        DecodedValue(node: try YAMLDocument.parse(text: text, path: "test.yaml").root)
    }

    /// Every `properties` entry under `value`, with its path.
    static func properties(in value: DecodedValue, path: String = "$") -> [(path: String, key: String, schema: DecodedValue)] {
        var found: [(String, String, DecodedValue)] = []
        switch value {
        case let .object(members):
            for (key, member) in members {
                if key == "properties", case let .object(properties) = member {
                    for (name, schema) in properties {
                        found.append((path, name, schema))
                        found += Self.properties(in: schema, path: path + "." + name)
                    }
                } else {
                    found += Self.properties(in: member, path: path + "." + key)
                }
            }
        case let .array(items):
            for (index, item) in items.enumerated() { found += Self.properties(in: item, path: path + "[\(index)]") }
        default: break
        }
        return found
    }

    @Test("both schemas compile, and every key in them has a description")
    func described() throws {
        for schema in [RequestFileSchema.value, RoutesFileSchema.value] {
            _ = try Self.compile(schema)
            let properties = Self.properties(in: schema)
            #expect(properties.count > 60 || schema == RoutesFileSchema.value)
            for (path, key, property) in properties {
                guard case let .object(members) = property, case let .string(text)? = members["description"] else {
                    Issue.record("\(path).\(key) has no description")
                    continue
                }
                #expect(!text.isEmpty, "\(path).\(key) has an empty description")
            }
        }
    }

    @Test("every example in docs/request-format.md and every file under requests/ is valid")
    func examplesAreValid() throws {
        let requests = try Self.compile(RequestFileSchema.value)
        let routes = try Self.compile(RoutesFileSchema.value)
        var checked = 0
        for name in ["docs/request-format.md", "docs/contracts.md", "README.md"] {
            let document = try String(contentsOfFile: Fixtures.repositoryRoot + "/" + name, encoding: .utf8)
            for block in Markdown.codeBlocks("yaml", in: document) {
                // Request files and routes files; the docs also show specs, schemas and CI jobs.
                let isRoutes = block.contains("routes:") && !block.contains("requests:")
                guard isRoutes || block.contains("requests:") else { continue }
                let value = try Self.yaml(block)
                let schema = isRoutes ? routes : requests
                #expect(schema.failures(value).isEmpty, "\(name):\n\(block)\n\(schema.failures(value).map(\.sentence))")
                checked += 1
            }
        }
        let folder = Fixtures.repositoryRoot + "/requests"
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder) where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            let path = folder + "/" + name
            let schema: JSONSchema
            switch FileKind.of(path: path) {
            case .requests, .flow: schema = requests
            case .mockRoutes: schema = routes
            default: continue
            }
            let value = try Self.yaml(try String(contentsOfFile: path, encoding: .utf8))
            #expect(schema.failures(value).isEmpty, "requests/\(name): \(schema.failures(value).map(\.sentence))")
            checked += 1
        }
        #expect(checked >= 25)
    }

    @Test("files with mistakes are rejected, at the mistake")
    func mistakesAreRejected() throws {
        let requests = try Self.compile(RequestFileSchema.value)
        let cases: [(String, String)] = [
            ("request:\n  - url: /a\n", "$"),
            ("requests:\n  - url: /a\n    expcet: { status: 200 }\n", "$.requests[0]"),
            ("requests:\n  - name: no url\n", "$.requests[0]"),
            ("requests:\n  - url: /a\n    expect: { status: 20x }\n", "$.requests[0]"),
            ("requests:\n  - url: /a\n    expect: { json: { $.a: { equal: 1 } } }\n", "$.requests[0]"),
            ("requests:\n  - url: /a\n    options: { timeout: soon }\n", "$.requests[0]"),
            ("requests:\n  - url: /a\n    options: { retry: { attempt: 3 } }\n", "$.requests[0]"),
            ("requests:\n  - url: /a\n    repeat: 0\n", "$.requests[0]"),
            ("requests:\n  - url: /a\n    expect: { duration: { p95x: { \"<\": 1s } } }\n", "$.requests[0]"),
            ("requests:\n  - url: /a\n    capture: { id: { jsn: $.id } }\n", "$.requests[0]"),
            ("requests:\n  - use: flows/login.yaml\n    wiht: { user: a }\n", "$.requests[0]"),
            ("auth: { bearer: a, basic: [a, b] }\nrequests:\n  - url: /a\n", "$.auth"),
        ]
        for (yaml, path) in cases {
            let failures = requests.failures(try Self.yaml(yaml))
            #expect(!failures.isEmpty, "accepted:\n\(yaml)")
            #expect(failures.contains { $0.instancePath.hasPrefix(path) }, "\(yaml)\n\(failures.map(\.sentence))")
        }
        let routes = try Self.compile(RoutesFileSchema.value)
        #expect(!routes.failures(try Self.yaml("routes:\n  - path: /a\n    staus: 200\n")).isEmpty)
    }

    @Test("the schema's keys are the loader's: a key either side is known to the other")
    func keysAgreeWithTheLoader() throws {
        let schema = RequestFileSchema.value
        guard case let .object(root) = schema, case let .object(properties)? = root["properties"],
              case let .object(defs)? = root["$defs"], case let .object(request)? = defs["request"],
              case let .object(requestProperties)? = request["properties"]
        else {
            Issue.record("the schema's shape changed")
            return
        }
        #expect(Array(properties.keys) == RequestFileLoader.fileKeys)
        // Each request key the schema lists loads without an "unknown key" error, and a made-up one does not.
        for key in requestProperties.keys {
            let loader = RequestFileLoader(predefinedVariables: ["x"])
            do {
                _ = try loader.load(text: "requests:\n  - url: http://127.0.0.1:9/\n    \(key): ~\n", path: "k.yaml")
            } catch {
                #expect(!error.diagnostics.contains { $0.message.contains("unknown key") }, "the loader does not know '\(key)'")
            }
        }
        do {
            _ = try RequestFileLoader().load(text: "requests:\n  - url: http://127.0.0.1:9/\n    made_up: 1\n", path: "k.yaml")
            Issue.record("a made-up key loaded")
        } catch {
            #expect(error.diagnostics.contains { $0.message.contains("unknown key 'made_up'") })
        }
    }
}
