import Foundation
import RestRunTestSupport
import Testing

/// `graphql:` requests end to end against the mock's GraphQL answers, and their queries checked
/// against a schema (SDL and introspection JSON) when the file loads, at the query's own place.
@Suite("GraphQL")
struct GraphQLTests {
    let binary = BinaryRunner()
    static let schema = Fixtures.repositoryRoot + "/requests/mock/starwars.graphql"
    static let introspection = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/graphql/starwars-introspection.json"

    static func routes() throws -> String {
        try BinaryRunner.temporaryFile("routes.yaml", """
            routes:
              - path: /graphql
                method: "*"
                graphql:
                  schema: \(schema)
                  operations:
                    Hero: { data: { hero: { name: R2-D2, friends: [ { name: Luke } ] } } }
                    Human: { data: { human: { name: Luke, height: 1.72 } } }
                    Broken: { data: null, errors: [ { message: "the Death Star is down", path: [hero, name] } ] }
              - path: /echo
                method: "*"
                echo: true

            """)
    }

    @Test("a POST JSON body by default; GET sends query parameters; variables keep their types")
    func sending() async throws {
        let routes = try Self.routes()
        let (_, output) = try await binary.runFile("""
            variables: { id: 1000 }
            requests:
              - name: post
                url: /echo
                graphql:
                  query: "query Human($id: ID!, $unit: LengthUnit) { human(id: $id) { name height(unit: $unit) } }"
                  variables: { id: "{{id}}", unit: FOOT }
                  operation_name: Human
                expect:
                  json:
                    $.method: POST
                    $.headers.content-type: application/json
                    $.json.variables.id: 1000
                    $.json.variables.unit: FOOT
                    $.json.operationName: Human
                    $.json.query: { starts_with: "query Human" }
              - name: get
                method: GET
                url: /echo
                graphql:
                  query: "{ hero { name } }"
                  variables: { episode: JEDI }
                expect:
                  json:
                    $.method: GET
                    $.query[0]: { equals: { name: query, value: "{ hero { name } }" } }
                    $.query[1]: { equals: { name: variables, value: '{"episode":"JEDI"}' } }
                    $.body: ""
            """, ["--mock", routes])
        #expect(output.status == 0, "\(output.all)")
    }

    @Test("answers with data pass; errors fail with each message and path unless $.errors is expected")
    func errors() async throws {
        let routes = try Self.routes()
        let (_, output) = try await binary.runFile("""
            graphql_schema: \(Self.schema)
            requests:
              - name: hero
                url: /graphql
                graphql: { query: "query Hero { hero { name friends { name } } }" }
                expect: { json: { $.data.hero.name: R2-D2 } }
              - name: broken
                url: /graphql
                graphql: { query: "query Broken { hero { name } }" }
              - name: broken but expected
                url: /graphql
                graphql: { query: "query Broken { hero { name } }" }
                expect: { json: { "$.errors[0].message": { contains: Death } } }
            """, ["--mock", routes])
        #expect(output.status == 4, "\(output.all)")
        #expect(output.stdout.contains("✓ hero"), "\(output.stdout)")
        #expect(output.stdout.contains("the GraphQL response has an error"), "\(output.stdout)")
        #expect(output.stdout.contains("the Death Star is down (path: hero.name)"), "\(output.stdout)")
        #expect(output.stdout.contains("✓ broken but expected"), "\(output.stdout)")
    }

    @Test("invalid queries are refused at load, at the query's own line and column, with did-you-mean", arguments: [schema, introspection])
    func validation(_ schema: String) async throws {
        let (file, output) = try await binary.runFile("""
            graphql_schema: \(schema)
            requests:
              - url: http://127.0.0.1:1/graphql
                graphql:
                  query: |
                    query Hero {
                      hero {
                        nam
                      }
                    }
              - url: http://127.0.0.1:1/graphql
                graphql: { query: "{ human(id: true) { name } }" }
              - url: http://127.0.0.1:1/graphql
                graphql:
                  query: "query H($id: ID!) { human(id: $id) { name } }"
              - url: http://127.0.0.1:1/graphql
                graphql:
                  query: "{ hero { ... on Review { stars } } }"
              - url: http://127.0.0.1:1/graphql
                graphql:
                  query: "{ hero { name "
            """)
        #expect(output.status == 2, "\(output.all)")
        let errors = output.stderr
        #expect(errors.contains("\(file):8:13: error: Cannot query field \"nam\" on type \"Character\". Did you mean \"name\""), "\(errors)")
        #expect(errors.contains("\(file):12:36:"), "the argument's value, on the line of the inline query: \(errors)")
        #expect(errors.contains("the required variable '$id' is not given in 'variables'"), "\(errors)")
        #expect(errors.contains("Fragment cannot be spread here"), "\(errors)")
        #expect(errors.contains("syntax error: expected Name, found <EOF>"), "\(errors)")
        let check = try await binary.run(["check", file, "--var", "mock_url=http://127.0.0.1:1"])
        #expect(check.status == 2 && check.all.contains("Did you mean \"name\""), "\(check.all)")
    }

    @Test("query: { file: } is read relative to the file, its problems at the .graphql file's line")
    func queryFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-graphql-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "query Hero {\n  hero {\n    nme\n  }\n}\n".write(toFile: directory + "/hero.graphql", atomically: true, encoding: .utf8)
        try "graphql_schema: \(Self.schema)\nrequests:\n  - url: http://127.0.0.1:1/g\n    graphql: { query: { file: hero.graphql } }\n"
            .write(toFile: directory + "/test.yaml", atomically: true, encoding: .utf8)
        let output = try await binary.run([directory + "/test.yaml"])
        #expect(output.status == 2, "\(output.all)")
        #expect(output.stderr.contains("hero.graphql:3:5: error: Cannot query field \"nme\""), "\(output.stderr)")
        #expect(output.stderr.contains("    nme"), "the .graphql file's line is shown: \(output.stderr)")
    }

    @Test("a broken schema or a typo'd key is a plain error")
    func badInput() async throws {
        let broken = try BinaryRunner.temporaryFile("broken.graphql", "type Query {\n  hero: Nope\n}\n")
        let (_, output) = try await binary.runFile("graphql_schema: \(broken)\nrequests:\n  - url: http://127.0.0.1:1/g\n    graphql: { query: \"{ hero }\" }\n")
        #expect(output.status == 2 && output.stderr.contains("Nope"), "\(output.all)")
        let (_, typo) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/g\n    graphql: { query: \"{ a }\", variable: {} }\n")
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'variables'"), "\(typo.all)")
        let deep = String(repeating: "{ a ", count: 5000)
        let (_, nested) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/g\n    graphql: { query: \"\(deep)\" }\n")
        #expect(nested.status == 2 && nested.stderr.contains("nests deeper than 128 levels"), "\(nested.all)")
    }

    @Test("the checks run in rest-run-graphql: a missing helper is one plain error, a trap inside it ends only the helper")
    func helper() async throws {
        let file = Fixtures.repositoryRoot + "/requests/graphql.yaml"
        let missing = try await binary.run(["check", file, "--var", "mock_url=http://127.0.0.1:1"], environment: ["REST_RUN_GRAPHQL": "/nonexistent/rest-run-graphql"])
        #expect(missing.status == 2, "\(missing.all)")
        #expect(missing.stderr.contains("cannot start /nonexistent/rest-run-graphql: No such file or directory"), "\(missing.all)")
        #expect(!missing.stderr.contains("Swift") && !missing.stderr.contains("Fatal"), "\(missing.all)")

        // A helper that dies on every request (as a trap in GraphQLSwift would end it).
        let dying = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-dying-\(UUID().uuidString).sh").path
        let descriptor = open(dying, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        let script = Array("#!/bin/sh\nread line\nkill -SEGV $$\n".utf8)
        #expect(descriptor >= 0 && write(descriptor, script, script.count) == script.count)
        close(descriptor)
        let crashed = try await binary.run(["check", file, "--var", "mock_url=http://127.0.0.1:1"], environment: ["REST_RUN_GRAPHQL": dying])
        #expect(crashed.status == 2, "\(crashed.all)")
        #expect(crashed.stderr.contains("rest-run-graphql stopped before it answered"), "\(crashed.all)")

        let served = try await binary.run([file, "--mock", Fixtures.repositoryRoot + "/requests/mock/routes.yaml"])
        #expect(served.status == 0 && served.stdout.contains("2 passed, 0 failed"), "\(served.all)")
    }

    @Test("a slow GraphQL check holds up no plain route of the same mock server")
    func slowHelperBlocksNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-slow-graphql-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A helper that takes 10 s over one query, and says when it got it and when it answered.
        let helper = folder + "/slow-helper.sh"
        let descriptor = open(helper, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        let script = Array("""
            #!/bin/sh
            while read line; do
              case "$line" in *SlowQuery*) touch '\(folder)/asked'; sleep 10; touch '\(folder)/answered';; esac
              echo '{}'
            done

            """.utf8)
        #expect(descriptor >= 0 && write(descriptor, script, script.count) == script.count)
        close(descriptor)
        try "routes:\n  - path: /graphql\n    method: POST\n    graphql: { operations: { Hero: { data: {} } } }\n  - path: /plain\n    json: { ok: true }\n"
            .write(toFile: folder + "/routes.yaml", atomically: true, encoding: .utf8)
        let mock = Process()
        mock.executableURL = URL(fileURLWithPath: BinaryRunner.binaryPath)
        mock.arguments = ["mock", folder + "/routes.yaml", "--port", "0"]
        mock.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "REST_RUN_GRAPHQL": helper]
        let output = Pipe()
        mock.standardOutput = output
        try mock.run()
        defer {
            // SIGKILL: the test process may ignore SIGTERM, and its children inherit that.
            kill(mock.processIdentifier, SIGKILL)
            mock.waitUntilExit()
        }
        let url = try #require(output.firstLine().split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))

        async let slow = binary.runFile("""
            requests:
              - url: \(url)/graphql
                graphql: { query: "query SlowQuery { hero }" }
                options: { timeout: 60s }
            """, named: "slow.yaml")
        // Once the helper holds the query, a plain route must still answer at once.
        let asked = ContinuousClock.now
        while !FileManager.default.fileExists(atPath: folder + "/asked"), ContinuousClock.now - asked < .seconds(30) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/asked"))
        for _ in 0..<3 {
            let (_, plain) = try await binary.runFile("requests:\n  - { url: \"\(url)/plain\", expect: { json: { $.ok: true } } }\n", named: "plain.yaml")
            #expect(plain.status == 0, "\(plain.all)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/answered"), "the plain routes answered while the check was still under way")
        _ = try await slow
    }
}
