import Foundation
import RestRunTestSupport
import Testing

/// `mcp:` requests end to end: the built rest-run against MCP servers nobody here wrote (on the
/// official Python SDK, `Fixtures/mcp/notes_server.py`, over stdio and Streamable HTTP, which
/// speaks the stateless revision and the handshake ones) and a hand-written server of the
/// handshake revisions only (`Fixtures/mcp/legacy_server.py`). `.ci/run` installs the SDK.
@Suite("MCP")
struct MCPTests {
    let binary = BinaryRunner()
    static let folder = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/mcp"

    static var sdkIsAvailable: Bool {
        guard let missing = PythonModules.missing("mcp.server.mcpserver", install: "mcp") else { return true }
        Issue.record(Comment(rawValue: missing))
        return false
    }

    static let notesRequests = """
        requests:
          - name: tools
            mcp: { list: tools }
            expect: { json: { "$.tools[*].name": { contains: add_note } } }
          - name: add a note
            mcp: { tool: add_note, arguments: { title: "first", body: "{{$uuid}}" } }
            expect:
              json: { $.structuredContent.id: { exists: true } }
            capture: { note: $.structuredContent.id }
          - name: read it back
            mcp: { resource: "notes://{{note}}" }
            expect: { json: { "$.contents[0].text": { contains: first } } }
          - name: a tool that reports an error
            mcp: { tool: delete_note, arguments: { id: "missing" } }
            expect: { mcp_error: true, json: { "$.content[0].text": { contains: "no such note" } } }
          - name: a raw request
            mcp: { method: nonexistent/method }
            expect: { rpc_error: { code: -32601 } }
          - name: progress
            mcp: { tool: slow_count, arguments: { to: 3 } }
            expect:
              notifications:
                "$[?@.method=='notifications/progress']": { count: 3 }
                "$[?@.method=='notifications/message'].params.data": { contains: "counting to 3" }
          - name: prompt
            mcp: { prompt: summarize, arguments: { topic: "{{note}}" } }
            expect: { json: { "$.messages[0].content.text": { contains: Summarize } } }
          - name: a parameter the stateless revision also sends as Mcp-Param-Region over HTTP
            mcp: { tool: regional, arguments: { region: "élan vital" } }
            expect: { json: { $.structuredContent.result: "élan vital" } }
          - name: who
            mcp: { initialize: {} }
        """

    @Test("the issue's file over stdio, at the stateless revision and pinned to a handshake one; the server gets a minimal environment")
    func stdio() async throws {
        guard Self.sdkIsAvailable else { return }
        for pin in ["", "2025-06-18"] {
            let revision = pin.isEmpty ? #"{ "$.supportedVersions": { contains: "2026-07-28" } }"# : #"{ $.protocolVersion: "2025-06-18" }"#
            let (_, output) = try await binary.runFile("""
                mcp_server:
                  command: [python3, \(Self.folder)/notes_server.py]
                  env: { NOTES_TOKEN: "{{token}}" }
                  \(pin.isEmpty ? "" : "protocol: " + pin)
                variables: { token: "${NOTES_TOKEN:-dev-token}" }
                \(Self.notesRequests)
                    expect: { json: \(revision) }
                  - name: environment
                    mcp: { tool: token }
                    expect: { json: { $.structuredContent.result: "from-var|clean" } }
                """, ["--var", "token=from-var"], environment: ["REST_RUN_SECRET_PROBE": "1"])
            #expect(output.status == 0, "\(output.all)")
            #expect(output.stdout.contains("10 passed"), "\(output.all)")
        }
    }

    @Test("the SDK's server asks the client (elicitation, sampling, roots): input_required rounds at 2026-07-28, requests at 2025-11-25; without mcp_client, -32021")
    func serverAsksTheClient() async throws {
        guard Self.sdkIsAvailable else { return }
        for pin in ["", "protocol: 2025-11-25"] {
            let (_, output) = try await binary.runFile("""
                mcp_server:
                  command: [python3, \(Self.folder)/notes_server.py]
                  \(pin)
                mcp_client:
                  roots: [ { uri: "file:///tmp/notes", name: notes } ]
                  sampling: { role: assistant, content: { type: text, text: "a canned answer" }, model: canned }
                  elicitation: { action: accept, content: { title: "from the test" } }
                requests:
                  - mcp: { tool: titled }
                    expect: { json: { $.structuredContent.result: "from the test" } }
                  - mcp: { tool: sampled }
                    expect: { json: { $.structuredContent.result: "canned: a canned answer" } }
                  - mcp: { tool: rooted }
                    expect: { json: { "$.structuredContent.result[0]": notes } }
                """)
            #expect(output.status == 0 && output.stdout.contains("3 passed"), "\(pin): \(output.all)")
            let (_, without) = try await binary.runFile("""
                mcp_server:
                  command: [python3, \(Self.folder)/notes_server.py]
                  \(pin)
                requests:
                  - mcp: { tool: titled }
                    expect: { rpc_error: { code: -32021, message: { contains: elicitation } } }
                """)
            #expect(without.status == 0, "\(pin): \(without.all)")
        }
    }

    @Test("the MCP project's own time server from PyPI: its tools listed and called, its own errors, its initialize")
    func referenceTimeServer() async throws {
        guard let missing = PythonModules.missing("mcp_server_time", install: "mcp-server-time") else {
            let (_, output) = try await binary.runFile("""
                mcp_server:
                  command: [python3, -m, mcp_server_time, --local-timezone, UTC]
                requests:
                  - mcp: { list: tools }
                    expect: { json: { "$.tools[*].name": { contains: get_current_time } } }
                  - mcp: { tool: get_current_time, arguments: { timezone: Europe/Paris } }
                    expect: { json: { "$.content[0].text": { contains: Europe/Paris } } }
                  - mcp: { tool: convert_time, arguments: { source_timezone: UTC, time: "12:00", target_timezone: Asia/Tokyo } }
                  - mcp: { tool: get_current_time, arguments: { timezone: Not/AZone } }
                    expect: { mcp_error: true }
                  - mcp: { initialize: {} }
                    expect: { json: { $.protocolVersion: { exists: true } } }
                """)
            #expect(output.status == 0 && output.stdout.contains("5 passed"), "\(output.all)")
            let (_, wrong) = try await binary.runFile("""
                mcp_server:
                  command: [python3, -m, mcp_server_time, --local-timezone, UTC]
                requests:
                  - mcp: { tool: get_current_time, arguments: { zone: UTC } }
                """)
            #expect(wrong.status == 2 && wrong.all.contains("do not match its inputSchema"), "\(wrong.all)")
            return
        }
        Issue.record(Comment(rawValue: missing))
    }

    @Test("mcp_server: auth: as a request's: an OAuth 2.0 token fetched and sent with every POST; without it the server refuses, exit 3")
    func oauth2Server() async throws {
        let (process, port) = try Self.startServer(["auth_http_server.py"])
        defer { Self.stop(process) }
        let (_, authorized) = try await binary.runFile("""
            mcp_server:
              url: http://127.0.0.1:\(port)/mcp
              auth: { oauth2: { token_url: "http://127.0.0.1:\(port)/token", client_id: me, client_secret: "s3cr3t-client-value" } }
            requests:
              - mcp: { tool: whoami }
                expect: { json: { "$.content[0].text": "token accepted" } }
            """, ["-v"])
        #expect(authorized.status == 0, "\(authorized.all)")
        #expect(!authorized.all.contains("s3cr3t-client-value") && !authorized.all.contains("issued-token-4711"), "\(authorized.all)")
        let (_, refused) = try await binary.runFile("""
            mcp_server: { url: "http://127.0.0.1:\(port)/mcp" }
            requests:
              - mcp: { tool: whoami }
            """)
        #expect(refused.status == 3 && refused.all.contains("HTTP 401"), "\(refused.all)")
    }

    @Test("Streamable HTTP: the SDK's server at the stateless revision and at 2025-11-25 with its session")
    func http() async throws {
        guard Self.sdkIsAvailable else { return }
        let (process, port) = try Self.startServer(["notes_server.py", "--http"])
        defer { Self.stop(process) }
        try await Self.waitUntilListening(port)
        for pin in ["", "\n  protocol: 2025-11-25"] {
            let (_, result) = try await binary.runFile("""
                mcp_server:
                  url: http://127.0.0.1:\(port)/mcp\(pin)
                \(Self.notesRequests)
                """)
            #expect(result.status == 0, "\(result.all)")
            #expect(result.stdout.contains("9 passed"), "\(result.all)")
        }
    }

    @Test("checked at load against the server's schemas, exit 2: arguments, an unknown tool with did-you-mean, a prompt's required arguments")
    func loadChecks() async throws {
        guard Self.sdkIsAvailable else { return }
        let (file, output) = try await binary.runFile("""
            mcp_server:
              command: [python3, \(Self.folder)/notes_server.py]
            requests:
              - name: bad arguments are refused
                mcp: { tool: add_note, arguments: { title: 42 } }
              - name: typo
                mcp: { tool: add_nte }
              - name: prompt
                mcp: { prompt: summarize, arguments: { style: long } }
              - name: sent anyway
                mcp: { tool: add_note, arguments: { title: 42 }, validate: false }
                status: 200
            """)
        #expect(output.status == 2, "\(output.all)")
        #expect(output.stderr.contains("\(file):5:48: error: the arguments of 'add_note' do not match its inputSchema: arguments.title: type: wanted a string"), "\(output.stderr)")
        #expect(output.stderr.contains("has no tool 'add_nte' (did you mean 'add_note'?)"), "\(output.stderr)")
        #expect(output.stderr.contains("the prompt 'summarize' needs the argument 'topic'"), "\(output.stderr)")
        #expect(!output.stderr.contains(":11:"), "validate: false is not checked: \(output.stderr)")
    }

    @Test("a server of the handshake revisions only: fallback, mcp_client's answers, outputSchema checks, log notifications, a line that is not JSON-RPC")
    func handshakeServer() async throws {
        let (file, output) = try await binary.runFile("""
            mcp_server:
              command: [python3, \(Self.folder)/legacy_server.py]
            mcp_client:
              roots: [ { uri: "file:///tmp/notes", name: notes } ]
              sampling: { role: assistant, content: { type: text, text: "a canned answer" }, model: canned }
            requests:
              - name: init
                mcp: { initialize: {} }
                expect: { json: { $.protocolVersion: "2025-06-18", $.clientCapabilities.roots: { exists: true } } }
              - name: echo
                mcp: { tool: echo, arguments: { text: "{{word}}" } }
                expect: { json: { "$.content[0].text": hi } }
              - name: roots
                mcp: { tool: ask, arguments: { method: roots/list } }
                expect: { json: { "$.structuredContent.result.roots[0].name": notes } }
              - name: sampling
                mcp: { tool: ask, arguments: { method: sampling/createMessage } }
                expect: { json: { "$.structuredContent.result.model": canned } }
              - name: no elicitation answer
                mcp: { tool: ask, arguments: { method: elicitation/create } }
                expect: { json: { "$.structuredContent.error.code": -32601 } }
              - name: log
                mcp: { tool: log }
                expect: { notifications: { "$[0].params.data": hello } }
              - name: bad output
                mcp: { tool: bad_output }
              - name: no structured content
                mcp: { tool: no_structured }
              - name: templated arguments checked once rendered
                mcp: { tool: echo, arguments: { text: "{{number}}" } }
              - name: noise
                mcp: { tool: noise }
            """, ["--var", "word=hi", "--var", "number=42"])
        #expect(output.status == 4, "\(output.all)")
        #expect(output.stdout.contains("6 passed, 4 failed"), "\(output.all)")
        #expect(output.all.contains("$.structuredContent.id: type: wanted a string, found the number 7"), "\(output.all)")
        #expect(output.all.contains("no structuredContent in the result"), "\(output.all)")
        #expect(output.all.contains("expectation failed: arguments") && output.all.contains("arguments.text: type: wanted a string"), "\(output.all)")
        #expect(output.all.contains("wrote something that is not JSON-RPC: this is not JSON-RPC"), "\(output.all)")
        _ = file
    }

    @Test("exit 3, one sentence: a program that is not there, a server that exits (with its stderr), no answer within the timeout")
    func failures() async throws {
        guard Self.sdkIsAvailable else { return }
        let (_, missing) = try await binary.runFile("""
            mcp_server: { command: [no-such-mcp-server] }
            requests:
              - mcp: { list: tools }
            """)
        #expect(missing.status == 3, "\(missing.all)")
        #expect(missing.all.contains("cannot start the MCP server `no-such-mcp-server`: no such program on PATH"), "\(missing.all)")
        let started = ContinuousClock.now
        let (_, output) = try await binary.runFile("""
            mcp_server: { command: [python3, \(Self.folder)/notes_server.py] }
            requests:
              - name: hang
                mcp: { tool: hang, arguments: { seconds: 60 } }
                options: { timeout: 1s }
              - name: crash
                mcp: { tool: crash }
              - name: after
                mcp: { list: tools }
            """)
        #expect(output.status == 3, "\(output.all)")
        #expect(output.all.contains("did not answer tools/call within 1000 ms"), "\(output.all)")
        #expect(output.all.contains("exited; it last wrote to stderr:"), "\(output.all)")
        #expect(output.all.contains("crashing on purpose"), "\(output.all)")
        #expect(ContinuousClock.now - started < .seconds(60), "nothing waits for the hanging call")
    }

    @Test("-v shows each JSON-RPC message, secrets redacted; a missing mcp_server and both command and url are load errors")
    func verboseAndShape() async throws {
        guard Self.sdkIsAvailable else { return }
        let (_, output) = try await binary.runFile("""
            mcp_server: { command: [python3, \(Self.folder)/notes_server.py] }
            requests:
              - name: add
                mcp: { tool: add_note, arguments: { title: "{{password}}" } }
                capture: { id: { json: $.structuredContent.id, secret: true } }
            """, ["-v", "--secret", "password=hunter2-very-secret"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.all.contains("> {\"jsonrpc\":\"2.0\""), "\(output.all)")
        #expect(output.all.contains("< {\"jsonrpc\":\"2.0\""), "\(output.all)")
        #expect(!output.all.contains("hunter2-very-secret"), "\(output.all)")
        let (_, shape) = try await binary.runFile("""
            mcp_server: { command: [python3], url: "http://127.0.0.1:1/mcp" }
            requests:
              - mcp: { tool: x, bogus: 1 }
                expect: { status: 200 }
            """)
        #expect(shape.status == 2, "\(shape.all)")
        #expect(shape.all.contains("'mcp_server' has both 'command' (stdio) and 'url' (HTTP)"), "\(shape.all)")
        let (_, none) = try await binary.runFile("""
            requests:
              - mcp: { list: tools }
                expect: { rpc_error: -32601 }
              - url: http://127.0.0.1:1/
                expect: { mcp_error: true }
            """)
        #expect(none.status == 2, "\(none.all)")
        #expect(none.all.contains("needs the file's 'mcp_server:'"), "\(none.all)")
        #expect(none.all.contains("'mcp_error' checks an MCP request"), "\(none.all)")
    }

    @Test("rest-run mcp driven by the Python SDK's client, at the stateless revision and the handshake: tools, progress, the root")
    func restRunAsAServer() async throws {
        guard Self.sdkIsAvailable else { return }
        let root = try BinaryRunner.temporaryFile("smoke.yaml", """
            mcp_server:
              command: [python3, \(Self.folder)/legacy_server.py]
            requests:
              - name: echo
                mcp: { tool: echo, arguments: { text: "{{word}}" } }
                expect: { json: { "$.content[0].text": hi } }
              - name: wrong
                mcp: { tool: echo, arguments: { text: "no" } }
                expect: { json: { "$.content[0].text": yes } }
            """).split(separator: "/").dropLast().joined(separator: "/")
        for mode in ["auto", "legacy"] {
            let output = try await BinaryRunner.execute(
                "/usr/bin/env", ["python3", Self.folder + "/drive_rest_run.py", BinaryRunner.binaryPath, "/" + root, mode])
            #expect(output.status == 0, "\(output.all)")
            var steps: [String: String] = [:]
            for line in output.stdout.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let step = object["step"] as? String,
                    let value = object["value"] else { continue }
                let text = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])).map { String(decoding: $0, as: UTF8.self) } ?? ""
                steps[step, default: ""] += text
            }
            #expect(steps["version"] == (mode == "auto" ? "\"2026-07-28\"" : "\"2025-11-25\""), "\(output.all)")
            #expect(steps["tools"] == #"[["check",true,true],["import",true,true],["list",true,true],["run",true,true],["schema",true,true]]"#, "\(output.all)")
            #expect(steps["check"]?.contains(#""valid":true"#) == true, "\(output.all)")
            #expect(steps["check"]?.contains("is outside the root") == true, "\(output.all)")
            #expect(steps["list"]?.contains(#""kind":"mcp","line":4"#) == true, "\(output.all)")
            #expect(steps["run"]?.contains(#""exit_code":4"#) == true && steps["run"]?.contains(#""actual":"\"no\"""#) == true, "\(output.all)")
            #expect(steps["import"]?.contains("url:") == true && steps["import"]?.contains("127.0.0.1:9") == true, "\(output.all)")
            #expect(steps["schema"]?.contains(#""has_requests":true"#) == true, "\(output.all)")
            #expect(steps["progress"] == "[[1,2,\"echo passed\"],[2,2,\"wrong failed\"]]", "\(output.all)")
        }
    }

    @Test("rest-run fuzz FILE with mcp_server: finds the planted bugs, and each finding replays with plain rest-run, failing the same way")
    func fuzz() async throws {
        let folder = try BinaryRunner.temporaryFile("buggy.yaml", """
            mcp_server:
              command: [python3, \(Self.folder)/buggy_server.py]
              env: { API_TOKEN: "${MCP_FUZZ_SECRET}" }
            requests: []
            """).split(separator: "/").dropLast().joined(separator: "/")
        let save = "/" + folder + "/findings"
        let secret = ["MCP_FUZZ_SECRET": "very-secret-fuzz-token"]
        let output = try await binary.run([
            "fuzz", "/" + folder + "/buggy.yaml", "--seed", "7", "--max-examples", "30", "--save", save, "--report-ndjson", "/" + folder + "/events.ndjson",
        ], environment: secret)
        #expect(output.status == 4, "\(output.all)")
        #expect(output.stdout.contains("✓ strict"), "\(output.all)")
        let files = try FileManager.default.contentsOfDirectory(atPath: save).sorted()
        #expect(files.contains("mcp-divide-not_a_server_error.yaml"), "\(files)")
        #expect(files.contains("mcp-echo-negative_data_rejection.yaml"), "\(files)")
        #expect(files.contains("mcp-shape-response_schema_conformance.yaml"), "\(files)")
        #expect(!files.contains { $0.hasPrefix("mcp-strict") }, "\(files)")
        for file in files {
            let text = try String(contentsOfFile: save + "/" + file, encoding: .utf8)
            #expect(!text.contains("very-secret-fuzz-token") && text.contains("${MCP_FUZZ_SECRET}"), "\(text)")
            let replay = try await binary.run([save + "/" + file], environment: secret)
            #expect(replay.status == (file.contains("not_a_server_error") ? 3 : 4), "\(file): \(replay.all)")
        }
        let events = try String(contentsOfFile: "/" + folder + "/events.ndjson", encoding: .utf8)
        #expect(events.components(separatedBy: "\"event\":\"finding\"").count - 1 == files.count, "\(events)")
        let (_, missing) = try await binary.runFile("""
            mcp_server: { command: [python3, \(Self.folder)/buggy_server.py] }
            requests: []
            """, ["--tool", "ech"], prefix: ["fuzz"])
        #expect(missing.status == 3 && missing.all.contains("has no tool 'ech' (did you mean 'echo'?)"), "\(missing.all)")
    }

    /// Starts a server of `Fixtures/mcp` (the script, then its arguments) and reads the port its
    /// first line, `listening PORT`, names.
    static func startServer(_ words: [String]) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", folder + "/" + words[0]] + words.dropFirst()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = output.firstLine().split(whereSeparator: \.isWhitespace)
        guard line.count == 2, let port = Int(line[1]) else {
            stop(process)
            throw CocoaError(.featureUnsupported)
        }
        return (process, port)
    }

    /// Ends a server `startServer` started.
    static func stop(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits until something accepts connections on `port` (the server prints its port before it
    /// listens), a minute at most.
    static func waitUntilListening(_ port: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(socket)
            if connected == 0 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the MCP server did not listen on \(port) within a minute")
    }
}
