import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// Runs the built `rest-run` binary as a user would, and checks what it prints and its exit code.
@Suite("rest-run end to end")
struct EndToEndTests {
    let binary = BinaryRunner()

    static let routes = """
        routes:
          - path: /api/items
            json: { data: [{ id: "1", name: Widget }] }
          - path: /api/items/:id
            json: { data: { id: "{{id}}", name: Widget } }
          - path: /api/slow
            delay: 3s
            text: late
          - path: /api/echo
            method: "*"
            echo: true
        """

    func withServer<T: Sendable>(_ body: (MockServer) async throws -> T) async throws -> T {
        try await MockServer.serving(Self.routes, body)
    }

    /// Hands `Fixtures/NAME` and `arguments` to the binary, with `{{api}}` set to the server's API.
    func runFixture(
        _ name: String, _ arguments: [String] = [], api server: MockServer, environment: [String: String] = [:]
    ) async throws -> BinaryRunner.Output {
        let path = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/" + name
        return try await binary.run([path, "--var", "api=\(server.url)/api"] + arguments, environment: environment)
    }

    @Test("the README's first command runs the example offline and passes")
    func readmeCommand() async throws {
        let output = try await binary.run(["requests/articles.yaml", "--mock", "requests/mock/routes.yaml"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("✓ list articles  200"))
        #expect(output.stdout.contains("✓ one article  200"))
        #expect(output.stdout.contains("✓ each article [2: 5003] › get  200"), "the flow runs once per listed article")
        #expect(output.stdout.contains("5 passed, 0 failed, 0 skipped"))
        #expect(!output.stdout.contains("\u{1B}["), "no escape codes when piped")
    }

    @Test("a typo in a key exits 2, points at the line, and sends nothing")
    func typo() async throws {
        try await withServer { server in
            let output = try await runFixture("typo.yaml", api: server)
            #expect(output.status == 2)
            #expect(output.stderr.contains("typo.yaml:5:5: error: unknown key 'expcet' in request 2 (did you mean 'expect'?)"))
            #expect(output.stderr.contains(" 5 |     expcet:\n   |     ^"))
            #expect(output.stderr.contains("nothing was sent"))
            #expect(server.requestsServed == 0)
        }
    }

    @Test("a bad indent exits 2 with the YAML error at its line")
    func badIndent() async throws {
        let (_, output) = try await binary.runFile("requests:\n  - url: /a\n   method: GET\n", named: "indent.yaml")
        #expect(output.status == 2)
        #expect(output.stderr.contains("indent.yaml:3:4: error: did not find expected '-' indicator"))
        #expect(output.stderr.contains(" 3 |    method: GET\n   |    ^"), "the extra space shows: \(output.stderr)")
        #expect(output.stderr.contains("line 3 starts at column 4, the block at line 2 at column 3"), "\(output.stderr)")
    }

    @Test("libyaml's messages get a plain hint for the common mistakes")
    func yamlHints() async throws {
        let cases: [(String, String)] = [
            ("requests:\n\t- url: http://x/\n", "YAML indents with spaces, never tabs: line 2 starts with a tab"),
            ("requests:\n  - url: http://x/\n     name: a\n", "this line is indented deeper than the key above it"),
            ("requests:\n  - url: http://x/\n    capture: { token: $.data[0].id }\n", "inside { } or [ ], quote a value that holds [ ]"),
            ("requests:\n  - url: http://x/\n    name: a: b\n", "a value that holds ': ' must be quoted: name: \"a: b\""),
            ("requests:\n  - url: http://x/\n  name: x\n", "to give the item above another key, indent it to column 5, under 'url'"),
        ]
        for (yaml, hint) in cases {
            let (_, output) = try await binary.runFile(yaml, ["--var", "mock_url=x"])
            #expect(output.status == 2, "\(yaml)")
            #expect(output.stderr.contains(hint), "\(yaml)\n\(output.stderr)")
        }
        let (_, tab) = try await binary.runFile("requests:\n\t- url: http://x/\n")
        #expect(tab.stderr.contains(" 2 | →- url: http://x/"), "a tab shows as →: \(tab.stderr)")
    }

    @Test("a wrong expected value exits 4 and prints expected and actual as the contract shows")
    func wrongValue() async throws {
        try await withServer { server in
            let output = try await runFixture("wrong.yaml", api: server)
            #expect(output.status == 4)
            #expect(output.stdout.contains("""
                wrong.yaml:7:9: error: expectation failed: $.data[0].name
                 7 |         $.data[0].name: Gadget
                   |         ^
                  expected: equals "Gadget"
                  actual:   "Widget"
                """))
            #expect(output.stdout.contains("0 passed, 1 failed, 0 skipped"))
        }
    }

    @Test("an unset environment variable exits 2 with its name and a hint")
    func unsetEnvironment() async throws {
        let (file, output) = try await binary.runFile("base_url: ${API_URL}\nrequests:\n  - url: /a\n", named: "env.yaml")
        #expect(output.status == 2)
        #expect(output.stderr.contains("env.yaml:1:11: error: environment variable 'API_URL' is not set"))
        let withValue = try await binary.run(["check", file], environment: ["API_URL": "http://127.0.0.1:1"])
        #expect(withValue.status == 0)
    }

    @Test("a server that is down exits 3 with 'connection refused'")
    func serverDown() async throws {
        let closed = ClosedPort()
        let port = closed.port
        defer { withExtendedLifetime(closed) {} }
        let (_, output) = try await binary.runFile("base_url: http://127.0.0.1:\(port)\nrequests:\n  - name: ping\n    url: /ping\n", named: "down.yaml")
        #expect(output.status == 3)
        #expect(output.stdout.contains("down.yaml:3:5: error: could not connect to 127.0.0.1:\(port): connection refused"))
    }

    @Test("a server that is too slow exits 3 with a timeout")
    func timeout() async throws {
        try await withServer { server in
            let (_, output) = try await binary.runFile("base_url: \(server.url)/api\nrequests:\n  - url: /slow\n", named: "slow.yaml", ["--timeout", "300ms"])
            #expect(output.status == 3)
            #expect(output.stdout.contains("timed out after 300 ms"))
        }
    }

    @Test("--verbose shows request and response without the Authorization value")
    func verbose() async throws {
        try await withServer { server in
            let output = try await runFixture("auth.yaml", ["-v"], api: server, environment: ["TOKEN": "super-secret-token"])
            #expect(output.status == 0, "\(output.all)")
            #expect(output.stderr.contains("> POST \(server.url)/api/echo"))
            #expect(output.stderr.contains("> Authorization: Bearer [redacted]"))
            #expect(output.stderr.contains("< HTTP/1.1 200 OK"))
            #expect(!output.all.contains("super-secret-token"))
            let bodies = try await runFixture("auth.yaml", ["--very-verbose"], api: server, environment: ["TOKEN": "super-secret-token"])
            #expect(bodies.stderr.contains(#"> {"hello":"world"}"#))
            #expect(!bodies.all.contains("super-secret-token"), "the echoed body holds the token; it must be redacted")
        }
    }

    @Test("captures flow to the next request; --var overrides variables")
    func capturesAndVariables() async throws {
        try await withServer { server in
            #expect(try await runFixture("chain.yaml", api: server).status == 0)
            let overridden = try await runFixture("chain.yaml", ["--var", "expected=Gadget"], api: server)
            #expect(overridden.status == 4)
            #expect(overridden.stdout.contains(#"expected: equals "Gadget""#))
        }
    }

    @Test("check validates without sending; decoders lists the built-ins; a bad flag is a usage error")
    func subcommands() async throws {
        let check = try await binary.run(["check", "requests/articles.yaml", "--mock", "requests/mock/routes.yaml"])
        #expect(check.status == 0)
        #expect(check.stdout.contains("requests/articles.yaml: 3 requests"))
        // The whole folder: the request file runs; its settings, flow, spec and mock routes are left out.
        let folder = try await binary.run(["check", "requests", "--mock", "requests/mock/routes.yaml"])
        #expect(folder.status == 0, "\(folder.all)")
        #expect(folder.stdout == "✓ requests/mock/routes.yaml: 5 routes\n✓ requests/articles.yaml: 3 requests\n✓ requests/events.yaml: 1 request\n✓ requests/graphql.yaml: 2 requests\n✓ requests/grpc.yaml: 5 requests\n✓ requests/websocket.yaml: 1 request\n", "\(folder.all)")
        // --mock means what run's means: the routes file must load too.
        let brokenRoutes = try BinaryRunner.temporaryFile("routes.yaml", "routes:\n  - path: /x\n    staus: 200\n")
        let mockCheck = try await binary.run(["check", "requests/articles.yaml", "--mock", brokenRoutes])
        #expect(mockCheck.status == 2, "\(mockCheck.all)")
        #expect(mockCheck.stderr.contains("routes.yaml:3:5: error:"), "\(mockCheck.all)")
        let flow = try await binary.run(["check", "requests/flows/article.yaml", "--mock", "requests/mock/routes.yaml", "--var", "id=5001"])
        #expect(flow.status == 0, "the flow checks on its own with its parameter given: \(flow.all)")
        let decoders = try await binary.run(["decoders"])
        #expect(decoders.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["Bytes", "JSON", "JSONAPI", "Text"])
        #expect(decoders.stdout.contains("built-in"))
        let usage = try await binary.run(["requests/articles.yaml", "--no-such-flag"])
        #expect(usage.status == 1)
        #expect(usage.stderr.contains("--no-such-flag"))
        let missing = try await binary.run(["no/such/file.yaml"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no such file or directory: no/such/file.yaml"))
        let badRoutes = try await binary.run(["mock", try BinaryRunner.temporaryFile("r.yaml", "routes:\n  - path: /a\n    stauts: 200\n")])
        #expect(badRoutes.status == 2)
        #expect(badRoutes.stderr.contains("r.yaml:3:5: error: unknown key 'stauts' in a route (did you mean 'status'?)"))
    }

    @Test("colour only when asked or on a terminal, never with NO_COLOR")
    func colour() async throws {
        let always = try await binary.run(["requests/articles.yaml", "--mock", "requests/mock/routes.yaml", "--color", "always"])
        #expect(always.stdout.contains("\u{1B}["))
        let auto = try await binary.run(["requests/articles.yaml", "--mock", "requests/mock/routes.yaml"], environment: ["NO_COLOR": "1"])
        #expect(!auto.stdout.contains("\u{1B}["))
    }

    @Test("--tag and --name select requests, --quiet prints only failures, include: merges settings")
    func selectionQuietAndInclude() async throws {
        try await withServer { server in
            let tagged = try await runFixture("select.yaml", ["--tag", "smoke"], api: server)
            #expect(tagged.status == 0, "\(tagged.all)")
            #expect(tagged.stdout.contains("✓ list items") && !tagged.stdout.contains("echo items"))
            #expect(tagged.stdout.contains("1 passed, 0 failed, 0 skipped"))
            let named = try await runFixture("select.yaml", ["--name", "echo*"], api: server)
            #expect(named.status == 0, "\(named.all)")
            #expect(named.stdout.contains("✓ echo items  200"), "the included header reached the server")
            let quiet = try await runFixture("select.yaml", ["--quiet"], api: server)
            #expect(quiet.status == 4)
            #expect(!quiet.stdout.contains("✓"))
            #expect(quiet.stdout.contains("✗ broken items"))
            #expect(quiet.stdout.contains("2 passed, 1 failed, 0 skipped"))
        }
    }

    @Test("a directory runs its YAML files in sorted order")
    func directory() async throws {
        try await withServer { server in
            let first = try BinaryRunner.temporaryFile("b.yaml", "base_url: \(server.url)/api\nrequests:\n  - url: /items\n")
            let directory = String(first.prefix { _ in true }.split(separator: "/").dropLast().joined(separator: "/"))
            let second = "/" + directory + "/a.yml"
            try "base_url: \(server.url)/api\nrequests:\n  - url: /items\n".write(toFile: second)
            let output = try await binary.run(["/" + directory])
            #expect(output.status == 0, "\(output.all)")
            let aIndex = try #require(output.stdout.firstRange(of: "a.yml"))
            let bIndex = try #require(output.stdout.firstRange(of: "b.yaml"))
            #expect(aIndex.lowerBound < bIndex.lowerBound)
            #expect(output.stdout.contains("2 passed, 0 failed, 0 skipped"))
        }
    }
}

extension String {
    func write(toFile path: String) throws {
        try FileSystem.write(self, to: path)
    }
}
