import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// The command line's conventions, tried as a curl or Hurl user would: reports on standard output,
/// request options as flags, a JUnit report that strict readers accept.
@Suite("command-line conventions")
struct ConventionsTests {
    let binary = BinaryRunner()
    static let routes = Fixtures.repositoryRoot + "/requests/mock/routes.yaml"

    @Test("--report-json - writes the report alone to standard output, every human line to standard error")
    func reportToStandardOutput() async throws {
        let output = try await binary.run(["requests/articles.yaml", "--mock", Self.routes, "--report-json", "-"])
        #expect(output.status == 0, "\(output.all)")
        let report = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect((report?["summary"] as? [String: Any])?["passed"] as? Int == 5, "standard output is the JSON report only:\n\(output.stdout)")
        #expect(output.stderr.contains("✓ list articles") && output.stderr.contains("5 passed"), "\(output.stderr)")
        let two = try await binary.run(["requests/articles.yaml", "--report-json", "-", "--report-junit", "-"])
        #expect(two.status == 1)
        #expect(two.stderr.contains("only one report can go to standard output"))
    }

    @Test("run's command line means the same with or without `run`, and its mistakes print run's usage")
    func runCommandLine() async throws {
        // `rest-run FILE...` is parsed by run alone (the quick way); a word of the command tree
        // (`help`, a subcommand's name) or a mistake sends it through the whole tree.
        for prefix in [[], ["run"]] {
            let output = try await binary.run(prefix + ["requests/articles.yaml", "--mock", Self.routes, "--jobs", "2"])
            #expect(output.status == 0 && output.stdout.contains("5 passed"), "\(prefix): \(output.all)")
            let jobs = try await binary.run(prefix + ["--jobs", "0", "requests/articles.yaml"])
            #expect(jobs.status == 1 && jobs.stderr.contains("--jobs takes a number from 1 to 256"), "\(jobs.all)")
            #expect(jobs.stderr.contains("Usage: rest-run run [<options>]"), "\(jobs.all)")
            let unknown = try await binary.run(prefix + ["requests/articles.yaml", "--bogus"])
            #expect(unknown.status == 1 && unknown.stderr.contains("Unknown option '--bogus'"), "\(unknown.all)")
            let help = try await binary.run(prefix + ["requests/articles.yaml", "--help"])
            #expect(help.status == 0 && help.stdout.contains("--jobs"), "\(help.all)")
        }
        let check = try await binary.run(["check", "requests/articles.yaml", "--mock", Self.routes])
        #expect(check.status == 0 && !check.all.contains("passed,"), "check is not run: \(check.all)")
        let version = try await binary.run(["--version"])
        #expect(version.status == 0 && version.stdout == RestRunVersion.current + "\n", "\(version.all)")
    }

    @Test("every option run and load run both take is described in the same words")
    func sharedOptionsAgree() async throws {
        /// Each option's help, by its long name, from a command's --help.
        func options(_ arguments: [String]) async throws -> [String: String] {
            let help = try await binary.run(arguments + ["--help"], environment: ["COLUMNS": "400"]).stdout
            var options: [String: String] = [:]
            var current: String?
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                if line.hasPrefix("  -"), let long = trimmed.split(separator: " ").first(where: { $0.hasPrefix("--") }) {
                    current = String(long.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
                    options[current!] = trimmed.split(separator: " ").drop { $0.hasPrefix("-") || $0.hasPrefix("<") }.joined(separator: " ")
                } else if let name = current, line.hasPrefix("      "), !trimmed.isEmpty {
                    options[name, default: ""] += " " + trimmed
                } else {
                    current = nil
                }
            }
            return options
        }
        let run = try await options(["run"])
        let load = try await options(["load", "run"])
        // The reports of a load run are another document than a run's, and its shard another cut
        // (of the profile, not of the files): said in their own words.
        let ownWords: Set<String> = ["--help", "--report-json", "--report-html", "--report-ndjson", "--shard"]
        let shared = Set(run.keys).intersection(load.keys).subtracting(ownWords)
        #expect(shared.count >= 14, "\(shared.sorted())")
        for name in shared.sorted() {
            #expect(run[name] == load[name], "\(name): run says '\(run[name] ?? "")', load run '\(load[name] ?? "")'")
        }
    }

    @Test("report folders are created as needed")
    func reportFolders() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-reports-\(UUID().uuidString)").path
        let output = try await binary.run(["requests/articles.yaml", "--mock", Self.routes, "--report-junit", folder + "/a/b/junit.xml", "--report-tap", folder + "/tap/r.tap"])
        #expect(output.status == 0, "\(output.all)")
        #expect(FileManager.default.fileExists(atPath: folder + "/a/b/junit.xml") && FileManager.default.fileExists(atPath: folder + "/tap/r.tap"))
    }

    @Test("the JUnit report validates against the strict schema by default; --junit-family gitlab adds what it rejects")
    func junitSchema() async throws {
        guard let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI installs xmllint (libxml2-utils)")
            return
        }
        let schema = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/junit-strict.xsd"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-junit-\(UUID().uuidString)").path
        // Passed, failed, skipped, errored and invalid files, with latency numbers.
        let failing = try BinaryRunner.temporaryFile("fail.yaml", """
            requests:
              - { name: ok, url: "{{mock_url}}/api/contents", repeat: 3 }
              - { name: wrong, url: "{{mock_url}}/api/contents", expect: { status: 201 } }
              - { name: later, url: "{{mock_url}}/x", options: { skip: "not yet" } }
              - { name: down, url: "http://127.0.0.1:9/" }
            """)
        let invalid = try BinaryRunner.temporaryFile("invalid.yaml", "requests:\n  - url: /x\n    expcet: {}\n")
        for family in ["strict", "gitlab"] {
            let report = folder + "/\(family).xml"
            let run = try await binary.run([failing, invalid, "--mock", Self.routes, "--report-junit", report, "--junit-family", family])
            #expect(run.status == 4, "\(run.all)")
            let check = try await BinaryRunner.execute(xmllint, ["--noout", "--schema", schema, report])
            if family == "strict" {
                #expect(check.status == 0, "\(check.all)")
            } else {
                #expect(check.status != 0 && check.stderr.contains("attribute 'file': The attribute 'file' is not allowed"), "\(check.all)")
            }
            let xml = try String(contentsOfFile: report, encoding: .utf8)
            #expect(xml.contains("fail.yaml:3:"), "the location stays in the failure message")
        }
    }

    @Test("-H sends a header where the file sets none; --retry N retries N times; --timeout takes bare seconds; -L follows redirects")
    func requestOptions() async throws {
        let routes = """
            routes:
              - path: /echo
                echo: true
              - path: /flaky
                responses:
                  - { status: 503 }
                  - { status: 503 }
                  - { json: { ok: true } }
              - path: /moved
                status: 302
                headers: { Location: /echo }
            """
        try await MockServer.serving(routes) { server in
            let yaml = """
                base_url: \(server.url)
                headers: { X-Mine: file }
                requests:
                  - name: echo
                    url: /echo
                    expect:
                      json: { "$.headers['x-from-flag']": cli }
                  - name: file wins
                    url: /echo
                    expect:
                      json: { "$.headers['x-mine']": file }
                """
            let (file, output) = try await binary.runFile(yaml, ["-H", "X-From-Flag: cli", "-H", "X-Mine: flag", "--timeout", "5", "--connect-timeout", "2"])
            #expect(output.status == 0, "\(output.all)")
            _ = file
            let (_, retried) = try await binary.runFile("requests:\n  - url: \(server.url)/flaky\n", ["--retry", "2"])
            #expect(retried.status == 0, "\(retried.all)")
            #expect(retried.stdout.contains("(3 attempts)"), "\(retried.stdout)")
            let (_, redirected) = try await binary.runFile("requests:\n  - url: \(server.url)/moved\n    expect: { status: 200 }\n", ["-L"])
            #expect(redirected.status == 0, "\(redirected.all)")
            let (_, notFollowed) = try await binary.runFile("requests:\n  - url: \(server.url)/moved\n    expect: { status: 302 }\n")
            #expect(notFollowed.status == 0, "without -L, redirects are not followed: \(notFollowed.all)")
        }
        let (_, bad) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:9/\n", ["-H", "no colon"])
        #expect(bad.status == 1 && bad.stderr.contains("The value 'no colon' is invalid for '-H <'NAME: VALUE'>'"), "\(bad.all)")
    }

    @Test("retry: 3s says what retry takes")
    func retryMessage() async throws {
        let (_, output) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:9/\n    options: { retry: 3s }\n")
        #expect(output.status == 2)
        #expect(output.stderr.contains("'retry' takes a number of attempts (retry: 3) or a mapping ({attempts: 3, delay: 1s}), found '3s'"), "\(output.stderr)")
    }

    @Test("rest-run --help shows run's usage and options, then the subcommands and exit codes")
    func help() async throws {
        for flag in ["--help", "-h", "help"] {
            let output = try await binary.run([flag])
            #expect(output.status == 0)
            for text in ["USAGE: rest-run [run] [<options>]", "--timeout <DURATION>", "-H, --header", "--report-json", "SUBCOMMANDS:", "check", "EXIT CODES:"] {
                #expect(output.stdout.contains(text), "\(flag) lacks \(text):\n\(output.stdout)")
            }
        }
    }

    @Test("a decoder whose program is missing is one error, not also an unknown decoder; a .env vars file gets a YAML hint")
    func smallerMistakes() async throws {
        let (_, decoder) = try await binary.runFile("decoders:\n  Proto:\n    command: [no-such-tool-xyz]\nrequests:\n  - url: http://127.0.0.1:9/\n    decode: Proto\n")
        #expect(decoder.status == 2)
        #expect(decoder.stderr.contains("3:14: error: no program 'no-such-tool-xyz' on the PATH for decoder 'Proto'"), "\(decoder.stderr)")
        #expect(!decoder.stderr.contains("unknown decoder"), "\(decoder.stderr)")
        let env = try BinaryRunner.temporaryFile("vars.env", "API_URL=http://127.0.0.1:9\nTOKEN=x\n")
        let (_, vars) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:9/\n", ["--vars-file", env])
        #expect(vars.status == 2)
        #expect(vars.stderr.contains("this looks like a .env file; --vars-file takes YAML: write 'API_URL: http://127.0.0.1:9'"), "\(vars.stderr)")
    }
}
