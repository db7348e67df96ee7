import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Synchronization
import Testing

/// `--report-ndjson`: one JSON object a line as the run goes, each valid against
/// `rest-run schema --ndjson`, carrying what the JSON report says of each request, secrets
/// redacted, and written while the run is still going.
@Suite("--report-ndjson")
struct EventStreamReportTests {
    let binary = BinaryRunner()

    static let routes = """
        routes:
          - { path: /ok, json: { id: 1, token: t0ps3cret-value } }
          - { path: /missing, status: 404, json: { error: gone } }
          - { path: /slow, delay: 3s, json: { ok: true } }
          - { path: /slower, delay: 10s, json: { ok: true } }
        """

    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test("every line is valid against the schema, in order, with the JSON report's request keys and the exit code")
    func stream() async throws {
        try await MockServer.serving(Self.routes) { server in
            let requests = try BinaryRunner.temporaryFile("stream.yaml", """
                base_url: \(server.url)
                requests:
                  - { name: fine, url: /ok, headers: { Authorization: "Bearer t0ps3cret-value" }, expect: { status: 200 } }
                  - { name: wrong, url: /missing, expect: { status: 200, json: { $.error: here } } }
                  - { name: down, url: "http://127.0.0.1:9/", expect: { status: 200 } }
                  - { name: later, url: /ok, when: { mode: { equals: fast } } }
                """)
            let invalid = try BinaryRunner.temporaryFile("broken.yaml", "requests:\n  - nme: typo\n    url: /x\n")
            let json = try BinaryRunner.temporaryFile("stream.json", "")
            let output = try await binary.run([requests, invalid, "--var", "mode=slow", "--report-ndjson", "-", "--report-json", json])
            #expect(output.status == 4, "\(output.all)")
            #expect(output.stderr.contains("1 passed, 2 failed, 1 skipped"), "the lines for people go to standard error: \(output.stderr)")
            #expect(!output.stdout.contains("t0ps3cret-value"), "\(output.stdout)")
            let lines = try Self.lines(output.stdout)
            let events = lines.compactMap { $0["event"] as? String }
            #expect(events.first == "run_started" && events.last == "run_finished", "\(events)")
            #expect(events.filter { $0 == "request_finished" }.count == 4, "\(events)")
            #expect(events.contains("file_started") && events.filter { $0 == "file_finished" }.count == 2, "\(events)")
            #expect(lines.first?["version"] as? Int == 1)
            #expect(lines.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
            let finished = try #require(lines.last)
            #expect(finished["exit_code"] as? Int == 4 && finished["passed"] as? Int == 1 && finished["failed"] as? Int == 1
                && finished["errors"] as? Int == 1 && finished["skipped"] as? Int == 1, "\(finished)")

            // Each line against the schema, with rest-run's own validator.
            let schemaText = try await binary.run(["schema", "--ndjson"]).stdout
            let document = SchemaDocument(uri: SchemaURI("https://rest-run.test/ndjson.json"), value: try JSONParser.parse(schemaText))
            let schema = try JSONSchema.compile(document, rules: SchemaRules(dialect: .draft2020_12, assertsFormats: true))
            for line in output.stdout.split(separator: "\n") {
                let failures = schema.failures(try JSONParser.parse(String(line)))
                #expect(failures.isEmpty, "\(line): \(failures.map(\.sentence))")
            }

            // request_finished carries every key the JSON report's request objects have.
            let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
            let reportRequests = (report["files"] as? [[String: Any]] ?? []).flatMap { $0["requests"] as? [[String: Any]] ?? [] }
            let streamed = lines.filter { $0["event"] as? String == "request_finished" }
            #expect(reportRequests.count == streamed.count)
            for (reported, line) in zip(reportRequests, streamed) {
                #expect(Set(reported.keys).isSubset(of: Set(line.keys)), "\(Set(reported.keys).subtracting(line.keys))")
                #expect(reported["name"] as? String == line["name"] as? String)
            }
            let wrong = try #require(streamed.first { $0["name"] as? String == "wrong" })
            #expect(wrong["outcome"] as? String == "failed" && wrong["status"] as? Int == 404 && wrong["line"] as? Int == 4, "\(wrong)")
            let failures = wrong["failures"] as? [[String: Any]] ?? []
            #expect(failures.contains { $0["expected"] as? String == "equals 200" && $0["actual"] as? String == "404" && $0["line"] is Int }, "\(failures)")
        }
    }

    @Test("lines are written as the run goes: the first request's line is there while a slow one is still running")
    func live() async throws {
        try await MockServer.serving(Self.routes) { server in
            let requests = try BinaryRunner.temporaryFile("live.yaml", """
                base_url: \(server.url)
                requests:
                  - { name: quick, url: /ok }
                  - { name: slow, url: /slower }
                """)
            let stream = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)/events.ndjson").path
            let done = Atomic(false)
            let binary = binary
            let running = Task {
                defer { done.store(true, ordering: .sequentiallyConsistent) }
                return try await binary.run([requests, "--report-ndjson", stream])
            }
            var seenWhileRunning = false
            // Until the run ends (a loaded machine starts the binary slowly), at most a minute. The
            // slow request takes 10 s: on a loaded machine this loop, on the tests' shared threads,
            // once did not look in the 3 s a shorter one left.
            let giveUp = ContinuousClock.now + .seconds(60)
            while !done.load(ordering: .sequentiallyConsistent), ContinuousClock.now < giveUp {
                let text = (try? String(contentsOfFile: stream, encoding: .utf8)) ?? ""
                if text.contains("\"request_finished\"") {
                    seenWhileRunning = !done.load(ordering: .sequentiallyConsistent) && !text.contains("\"run_finished\"")
                    break
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            let output = try await running.value
            #expect(output.status == 0, "\(output.all)")
            #expect(seenWhileRunning, "the quick request's line came only at the end")
            let lines = try Self.lines(try String(contentsOfFile: stream, encoding: .utf8))
            #expect(lines.last?["event"] as? String == "run_finished")
        }
    }
}
