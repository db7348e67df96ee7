import RestRunTestSupport
import Testing

/// `for_each:` over lists, captures and data files, through the binary.
@Suite("for_each")
struct ForEachTests {
    let binary = BinaryRunner()
    static let file = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/for-each.yaml"

    @Test("one result per item, named with it; lists, captures, CSV and YAML files; an empty list and a non-list say so")
    func runs() async throws {
        let output = try await binary.run([Self.file, "--mock", "requests/mock/routes.yaml"])
        #expect(output.status == 3, "\(output.all)")
        let text = output.stdout
        for line in [
            "✓ each inline [0: 5001]", "✓ each inline [1: 5003]", "✓ each captured [2: 5003]", "✓ each user [1: bob, jr]",
            #"✓ each user [2: say "hi"]"#, "✓ each yaml [1: eight]", "- each empty  skipped: for_each: the list is empty, so nothing ran",
            "✗ not a list", #"for_each needs a list, found the string "5001""#, "✓ after",
        ] {
            #expect(text.contains(line), "missing: \(line)\n\(text)")
        }
        #expect(text.contains("12 passed, 1 failed, 1 skipped"), "the error of the non-list counts as a failure")
    }

    @Test("--fail-fast stops at the first failing item")
    func failFast() async throws {
        let (_, output) = try await binary.runFile("""
            base_url: "{{mock_url}}/api"
            requests:
              - name: each
                url: /contents/{{item}}
                for_each: [a, b, c]
                expect: { status: 201 }
            """, ["--mock", Fixtures.repositoryRoot + "/requests/mock/routes.yaml", "--fail-fast"])
        #expect(output.status == 4)
        #expect(output.stdout.contains("✗ each [0: a]"))
        #expect(!output.stdout.contains("each [1: b]"))
    }

    @Test("a bad data file or a misspelt item name is a load error")
    func loadErrors() async throws {
        let (_, missing) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/{{item}}\n    for_each: { file: nope.csv }\n")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("3:23: error: cannot read"))
        let csv = try BinaryRunner.temporaryFile("bad.csv", "a,b\n1,2,3\n")
        let (_, ragged) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/{{item.a}}\n    for_each: { file: \(csv) }\n")
        #expect(ragged.stderr.contains("row 2 has 3 fields, but the header names 2"))
        let (_, typo) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/{{itme}}\n    for_each: [1]\n")
        #expect(typo.stderr.contains("unknown variable 'itme'"))
    }
}
