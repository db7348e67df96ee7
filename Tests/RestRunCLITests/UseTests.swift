import RestRun
import RestRunTestSupport
import Testing

/// `use:` flows, through the binary.
@Suite("use: flows")
struct UseTests {
    let binary = BinaryRunner()
    static let file = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/use.yaml"

    @Test("a flow's requests run in place, named with the flow; its exports (secret ones hidden) reach the requests after it")
    func runs() async throws {
        let output = try await binary.run([Self.file, "--mock", "requests/mock/routes.yaml", "-v"])
        #expect(output.status == 4, "\(output.all)")
        let text = output.stdout
        for line in [
            "✓ login › get token", "✓ login › check › fetch one", "✓ after", "✓ each [0: 5001] › fetch one",
            "✗ each [1: 5002] › fetch one", #"- fetch  skipped: when first_id equals "nope" did not hold"#,
        ] {
            #expect(text.contains(line), "missing: \(line)\n\(text)")
        }
        #expect(text.contains("flows/fetch.yaml:7:23: error: expectation failed: $.data.id"), "a flow's failure is at its own line")
        #expect(text.contains("used from"), "and says where the flow was used")
        #expect(output.stderr.contains("?u=ada"), "with: gives the flow's variables")
        #expect(!output.all.contains("Swift Concurrency: Getting Started"), "a secret capture stays secret after the flow")
    }

    @Test("with: a variable the flow lacks, a cycle, a missing flow and a wrong export are load errors")
    func loadErrors() async throws {
        let flow = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/flows/login.yaml"
        let (_, typo) = try await binary.runFile("requests:\n  - use: \(flow)\n    with: { usr: x }\n", ["--var", "mock_url=http://x"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("has no variable 'usr' (did you mean 'user'?)"))
        let a = try BinaryRunner.temporaryFile("a.yaml", "requests:\n  - use: b.yaml\n")
        try "requests:\n  - use: a.yaml\n".write(toFile: FileSystem.path("b.yaml", relativeTo: a))
        let cycle = try await binary.run(["check", a])
        #expect(cycle.stderr.contains("use cycle: a.yaml -> b.yaml -> a.yaml"))
        let (_, missing) = try await binary.runFile("requests:\n  - use: nope.yaml\n")
        #expect(missing.stderr.contains("cannot read"))
        let (_, export) = try await binary.runFile("exports: [tokn]\nrequests:\n  - url: http://x/\n    capture: { token: $.t }\n")
        #expect(export.stderr.contains("'tokn' is exported, but no request of this file captures it (did you mean 'token'?)"))
    }
}
