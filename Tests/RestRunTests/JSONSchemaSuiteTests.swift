import Foundation
import OrderedCollections
import RestRun
import RestRunTestSupport
import Testing

/// The official JSON Schema Test Suite (json-schema-org/JSON-Schema-Test-Suite), read from
/// `../shared/testdata/json-schema-test-suite` or `$JSON_SCHEMA_TEST_SUITE`: every required test of
/// draft 2020-12 and draft-07 must pass; the optional `format` tests are run with formats asserted
/// and reported. Its `remotes/` folder stands in for `http://localhost:1234/`: nothing is fetched.
@Suite("JSON Schema Test Suite")
struct JSONSchemaSuiteTests {
    static let root: String? = {
        let candidates = [
            ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"],
            Fixtures.repositoryRoot + "/../shared/testdata/json-schema-test-suite",
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/tests/draft2020-12") }
    }()

    /// A case's outcome: its file, group and test descriptions, and whether it failed.
    struct Outcome {
        var name: String
        var passed: Bool
    }

    static func run(_ folder: String, dialect: SchemaDialect, assertsFormats: Bool = false) throws -> [Outcome] {
        guard let root else { return [] }
        let directory = root + "/tests/" + folder
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        let load: SchemaCompiler.Loader = { uri throws(DiagnosticList) in
            let text = uri.description
            let prefix = "http://localhost:1234/"
            guard text.hasPrefix(prefix), let data = FileManager.default.contents(atPath: root + "/remotes/" + text.dropFirst(prefix.count)),
                  let value = try? JSONParser.parse(Array(data))
            else { return nil }
            return SchemaDocument(uri: uri, value: value)
        }
        var outcomes: [Outcome] = []
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: directory + "/" + file))
            guard case let .array(groups) = try JSONParser.parse(Array(data)) else { continue }
            for (index, group) in groups.enumerated() {
                guard case let .object(members) = group, let schema = members["schema"], case let .array(tests)? = members["tests"] else { continue }
                let groupName = "\(folder)/\(file) #\(index) \(members["description"]?.stringValue ?? "")"
                let document = SchemaDocument(uri: SchemaURI("https://rest-run.test/\(folder)/\(file)/\(index).json"), value: schema)
                let compiled: JSONSchema
                do {
                    compiled = try JSONSchema.compile(document, rules: SchemaRules(dialect: dialect, assertsFormats: assertsFormats), load: load)
                } catch {
                    for _ in tests { outcomes.append(Outcome(name: "\(groupName): does not compile: \(error)", passed: false)) }

                    continue
                }
                for test in tests {
                    guard case let .object(fields) = test, let value = fields["data"], case let .bool(valid)? = fields["valid"] else { continue }
                    let name = "\(groupName) / \(fields["description"]?.stringValue ?? "")"
                    outcomes.append(Outcome(name: name, passed: compiled.isValid(value) == valid))
                }
            }
        }
        return outcomes
    }

    static func check(_ folder: String, dialect: SchemaDialect) throws {
        let outcomes = try run(folder, dialect: dialect)
        let failed = outcomes.filter { !$0.passed }
        print("JSON Schema Test Suite \(folder): \(outcomes.count - failed.count) of \(outcomes.count) required tests pass")
        #expect(outcomes.count > 800)
        #expect(failed.isEmpty, Comment(rawValue: "\(failed.count) failed:\n" + failed.prefix(80).map(\.name).joined(separator: "\n")))
    }

    /// Skips a test, visibly, where the suite is not.
    static let suiteFound = ConditionTrait.enabled(
        if: root != nil, "the JSON Schema Test Suite is not in ../shared/testdata/json-schema-test-suite or $JSON_SCHEMA_TEST_SUITE")

    @Test("every required draft 2020-12 test passes", suiteFound)
    func draft2020() throws { try Self.check("draft2020-12", dialect: .draft2020_12) }

    @Test("every required draft-07 test passes", suiteFound)
    func draft7() throws { try Self.check("draft7", dialect: .draft7) }

    @Test("the optional format tests, with formats asserted, and the other optional tests (reported)", suiteFound)
    func formats() throws {
        for (folder, dialect) in [("draft2020-12", SchemaDialect.draft2020_12), ("draft7", .draft7)] {
            let outcomes = try Self.run(folder + "/optional", dialect: dialect)
            let failed = outcomes.filter { !$0.passed }
            print("JSON Schema Test Suite \(folder)/optional: \(outcomes.count - failed.count) of \(outcomes.count) pass")
            for failure in failed { print("  optional: \(failure.name)") }
        }
        for (folder, dialect) in [("draft2020-12", SchemaDialect.draft2020_12), ("draft7", .draft7)] {
            let outcomes = try Self.run(folder + "/optional/format", dialect: dialect, assertsFormats: true)
            let failed = outcomes.filter { !$0.passed }
            print("JSON Schema Test Suite \(folder)/optional/format: \(outcomes.count - failed.count) of \(outcomes.count) pass")
            for failure in failed { print("  optional format: \(failure.name)") }
            #expect(outcomes.count > 100)
        }
    }
}


