import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// Retries, logging, dry runs and external decoders, run through the binary.
@Suite("rest-run delegates and decoders end to end")
struct PluginAndDelegateTests {
    let binary = BinaryRunner()

    static let routes = """
        routes:
          - path: /flaky
            responses: [{ status: 503 }, { status: 503 }, { status: 200, json: { ok: true } }]
          - path: /never
            status: 503
          - path: /hello
            text: hello world
          - path: /job
            responses: [{ json: { state: queued } }, { json: { state: running } }, { json: { state: done } }]
        """

    func run(_ yaml: String, _ arguments: [String] = [], environment: [String: String] = [:]) async throws -> BinaryRunner.Output {
        let file = try BinaryRunner.temporaryFile("test.yaml", yaml)
        let routes = FileSystem.path("routes.yaml", relativeTo: file)
        try FileSystem.write(Self.routes, to: routes)
        return try await binary.run([file, "--mock", routes] + arguments, environment: environment)
    }

    @Test("a flaky endpoint passes with retry; one that never recovers lists its attempts")
    func retries() async throws {
        let passing = try await run("requests:\n  - url: /flaky\n    options: { retry: { attempts: 3, delay: 10ms } }\n", ["-v"])
        #expect(passing.status == 0, "\(passing.all)")
        #expect(passing.stdout.contains("(3 attempts)"))
        #expect(passing.stderr.contains("* retrying in 10 ms (attempt 2 of 3)"))
        #expect(passing.stderr.contains("> GET "))
        #expect(passing.stderr.contains("(attempt 3)"))
        let failing = try await run("requests:\n  - url: /never\n    options: { retry: { attempts: 3, delay: 10ms } }\n")
        #expect(failing.status == 4)
        #expect(failing.stdout.contains("attempts: 1) 503 Service Unavailable after"))
        #expect(failing.stdout.contains("3) 503 Service Unavailable after"))
    }

    @Test("polling with on: [expectations] waits until a field changes")
    func polling() async throws {
        let output = try await run("""
            requests:
              - url: /job
                options: { retry: { attempts: 5, delay: 10ms, on: [expectations] } }
                expect:
                  json:
                    $.state: done
            """)
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("(3 attempts)"))
    }

    @Test("--dry-run prints curl commands, resolves what it can, redacts secrets and sends nothing")
    func dryRun() async throws {
        let output = try await run("""
            headers:
              Authorization: Bearer ${TOKEN}
            requests:
              - name: create
                method: POST
                url: /items
                json: { name: "{{name}}" }
                capture: { id: $.id }
              - name: read
                url: /items/{{id}}
            """, ["--dry-run", "--var", "name=Widget"], environment: ["TOKEN": "very-secret-token"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("curl -X POST 'http://127.0.0.1:"))
        #expect(output.stdout.contains("-H 'Authorization: Bearer [redacted]'"))
        #expect(output.stdout.contains(#"--data-binary '{"name":"Widget"}'"#))
        #expect(output.stdout.contains("/items/{{id}}'"))
        #expect(!output.all.contains("very-secret-token"))
    }

    @Test("an external decoder reads the body on stdin; a failing one is a clear decode failure")
    func externalDecoder() async throws {
        let file = try BinaryRunner.temporaryFile("ext.yaml", """
            decoders:
              Upper: { command: [./upper.sh] }
              Broken: { command: [./broken.sh] }
            requests:
              - url: /hello
                decode: Upper
                expect:
                  json:
                    $.upper: HELLO WORLD
              - url: /hello
                decode: Broken
            """)
        try FileSystem.write("#!/bin/sh\nbody=$(cat)\nprintf '{\"upper\": \"%s\"}' \"$(printf '%s' \"$body\" | tr a-z A-Z)\"\n", to: FileSystem.path("upper.sh", relativeTo: file))
        try FileSystem.write("#!/bin/sh\necho 'bad frame' >&2\nexit 7\n", to: FileSystem.path("broken.sh", relativeTo: file))
        let routes = FileSystem.path("routes.yaml", relativeTo: file)
        try FileSystem.write(Self.routes, to: routes)
        let chmod = try await BinaryRunner.shell("chmod +x '\(FileSystem.path("upper.sh", relativeTo: file))' '\(FileSystem.path("broken.sh", relativeTo: file))'")
        #expect(chmod == 0)
        let output = try await binary.run([file, "--mock", routes])
        #expect(output.status == 4)
        #expect(output.stdout.contains("✓ GET /hello"))
        #expect(output.stdout.contains("ext.yaml:11:13: error: decoding failed: Broken: `./broken.sh` exited with status 7: bad frame"))
        let listed = try await binary.run(["decoders", file])
        #expect(listed.stdout.contains("Upper    file \(file)"))
        let missing = try BinaryRunner.temporaryFile("missing.yaml", "decoders:\n  X: { command: [./nope.sh] }\nrequests:\n  - url: http://x/\n    decode: X\n")
        let invalid = try await binary.run(["check", missing])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("missing.yaml:2:17: error: no executable './nope.sh'"))
    }
}
