import RestRunTestSupport
import Testing

/// `when:` conditions on requests, through the binary.
@Suite("when: conditions")
struct WhenTests {
    let binary = BinaryRunner()
    static let file = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/when.yaml"

    @Test("a request whose condition does not hold is skipped, with the condition and the value")
    func skipped() async throws {
        let output = try await binary.run([Self.file, "--mock", "requests/mock/routes.yaml"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains(#"- only in prod  skipped: when env equals "prod" did not hold (env is "staging")"#))
        #expect(output.stdout.contains("✓ only with a first article  200"))
        #expect(output.stdout.contains("- only when counted  skipped: when count > 0 did not hold (count is 0)"))
        #expect(output.stdout.contains("2 passed, 0 failed, 3 skipped"))
        let prod = try await binary.run([Self.file, "--mock", "requests/mock/routes.yaml", "--var", "env=prod"])
        #expect(prod.stdout.contains("✓ only in prod"))
        #expect(prod.stdout.contains("✓ not in staging"))
        #expect(!prod.stderr.contains("is not used"), "a name in when: counts as used")
    }

    @Test("a misspelt name in when: is a load error with a did-you-mean")
    func typo() async throws {
        let (_, output) = try await binary.runFile("variables: { env: x }\nrequests:\n  - url: http://127.0.0.1:1/\n    when: { evn: prod }\n")
        #expect(output.status == 2)
        #expect(output.stderr.contains("4:13: error: unknown variable 'evn' (did you mean 'env'?)"))
    }
}
