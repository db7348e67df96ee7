import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// `rest-run load`: open and closed models, the schedule kept, dropped iterations, thresholds and
/// exit codes, the JSON report's HdrHistograms, and merging shards.
@Suite("load")
struct LoadTests {
    let binary = BinaryRunner()

    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static let routes = """
        routes:
          - path: /ping
            json: { ok: true }
          - path: /slow
            delay: 300ms
            json: { ok: true }
          - path: /slower
            delay: 2s
            json: { ok: true }
          - path: /missing
            status: 404
            json: { error: gone }
        """

    @Test("the open model starts iterations on schedule: the count the rate gives, one timeline entry a second, thresholds held")
    func openModel() async throws {
        try await MockServer.serving(Self.routes) { server in
            let yaml = """
                base_url: \(server.url)
                load:
                  rate: 40/s
                  duration: 2s
                  thresholds:
                    p95: { "<": 30s }
                    error_rate: { "<=": 0% }
                requests:
                  - name: ping
                    url: /ping
                    expect: { json: { $.ok: true } }
                """
            let report = try BinaryRunner.temporaryFile("load.json", "")
            let (_, output) = try await binary.runFile(yaml, ["--report-json", report], prefix: ["load"])
            #expect(output.status == 0, "\(output.all)")
            #expect(server.requestsServed == 80, "40/s for 2 s is 80 iterations, not \(server.requestsServed)")
            let json = try Self.json(report)
            let iterations = try #require(json["iterations"] as? [String: Int])
            #expect(iterations["scheduled"] == 80 && iterations["completed"] == 80 && iterations["dropped"] == 0, "\(iterations)")
            let timeline = try #require(json["timeline"] as? [[String: Any]])
            // Iterations are scheduled in the run's two seconds; on a loaded machine some finish
            // later, and the seconds they finish in have entries of their own, with none scheduled.
            let scheduled = timeline.map { $0["scheduled"] as? Int ?? 0 }
            #expect(scheduled.count >= 2 && scheduled.prefix(2) == [40, 40] && scheduled.dropFirst(2).allSatisfy { $0 == 0 }, "one entry per whole second: \(timeline)")
            #expect(timeline.enumerated().allSatisfy { $0.element["t"] as? Int == $0.offset }, "\(timeline)")
            #expect(timeline.reduce(0) { $0 + ($1["completed"] as? Int ?? 0) } == 80, "\(timeline)")
            let thresholds = try #require(json["thresholds"] as? [[String: Any]])
            #expect(thresholds.count == 2 && thresholds.allSatisfy { $0["ok"] as? Bool == true }, "\(thresholds)")
            #expect(output.stdout.contains("✓ p95 < 30s"), "\(output.stdout)")
            let total = try #require(json["total"] as? [String: Any])
            #expect((total["histogram"] as? String)?.hasPrefix("HISTFAAA") == true)
        }
    }

    @Test("a failed threshold is exit 4 with the figure and the bound; failed requests alone are data, exit 0, counted by kind")
    func thresholdsAndErrors() async throws {
        try await MockServer.serving(Self.routes) { server in
            let yaml = """
                base_url: \(server.url)
                requests:
                  - name: missing
                    url: /missing
                  - name: ping
                    url: /ping
                    expect: { json: { $.ok: false } }
                """
            let report = try BinaryRunner.temporaryFile("errors.json", "")
            let (file, errors) = try await binary.runFile(yaml, ["--rate", "20/s", "--duration", "1s", "--report-json", report], prefix: ["load"])
            #expect(errors.status == 0, "errors are data under load: \(errors.all)")
            let total = try #require(try Self.json(report)["total"] as? [String: Any])
            #expect(total["errors"] as? Int == 40, "\(total)")
            #expect(total["error_kinds"] as? [String: Int] == ["status": 20, "expectation": 20], "\(total)")
            let failed = try await binary.run(["load", file, "--rate", "20/s", "--duration", "1s", "--threshold", "error_rate<1%", "--threshold", "missing: p99<10s"])
            #expect(failed.status == 4, "\(failed.all)")
            #expect(failed.stdout.contains("✗ error_rate < 1%: 100%"), "\(failed.stdout)")
            #expect(failed.stdout.contains("✓ p99 < 10s (missing)"), "\(failed.stdout)")
        }
    }

    @Test("an iteration that finds max_in_flight iterations running is dropped and counted, never delayed")
    func dropped() async throws {
        try await MockServer.serving(Self.routes) { server in
            let yaml = """
                base_url: \(server.url)
                load: { rate: 20/s, duration: 1s, max_in_flight: 1, thresholds: { dropped: { "==": 0 } } }
                requests:
                  - url: /slow
                """
            let report = try BinaryRunner.temporaryFile("dropped.json", "")
            let (_, output) = try await binary.runFile(yaml, ["--report-json", report], prefix: ["load"])
            #expect(output.status == 4, "\(output.all)")
            let iterations = try #require(try Self.json(report)["iterations"] as? [String: Int])
            let dropped = iterations["dropped"] ?? 0
            #expect(iterations["scheduled"] == 20 && dropped >= 10 && iterations["started"] == 20 - dropped, "\(iterations)")
            #expect(server.requestsServed == 20 - dropped)
        }
    }

    @Test("latency counts from the intended start: a request behind a slow one in its iteration is timed from when that one ended")
    func latencyFromIntendedStart() async throws {
        try await MockServer.serving(Self.routes) { server in
            let yaml = """
                base_url: \(server.url)
                requests:
                  - name: slow
                    url: /slower
                  - name: ping
                    url: /ping
                """
            let report = try BinaryRunner.temporaryFile("latency.json", "")
            let (_, output) = try await binary.runFile(yaml, ["--vus", "1", "--duration", "3s", "--report-json", report], prefix: ["load"])
            #expect(output.status == 0, "\(output.all)")
            let json = try Self.json(report)
            let requests = try #require(json["requests"] as? [String: [String: Any]])
            let slow = try #require(requests["slow"]?["latency"] as? [String: Double])
            let ping = try #require(requests["ping"]?["latency"] as? [String: Double])
            let pingService = try #require(requests["ping"]?["service"] as? [String: Double])
            #expect((slow["p50_ms"] ?? 0) >= 1990, "\(slow)")
            // Timed from the iteration's start, ping's latency would exceed its service time by
            // all of slow's latency and more; timed from slow's end, by the runner's steps
            // between the two only (tens of milliseconds, some hundreds when the tests load both
            // cores: slow's 2 s keeps the two apart).
            let gap = (ping["p50_ms"] ?? 1000) - (pingService["p50_ms"] ?? 0)
            #expect(gap < (slow["p50_ms"] ?? 0) - 30, "ping is timed from slow's end, not the iteration's start: \(ping), service \(pingService)")
            let profile = try #require(json["profile"] as? [String: Any])
            #expect(profile["vus"] as? Int == 1 && profile["max_in_flight"] is NSNull, "\(profile)")
        }
    }

    @Test("shards apply 1/N of the rate; load merge adds their histograms exactly and checks thresholds on the whole")
    func shardsAndMerge() async throws {
        try await MockServer.serving(Self.routes) { server in
            let yaml = "base_url: \(server.url)\nrequests:\n  - name: ping\n    url: /ping\n"
            let file = try BinaryRunner.temporaryFile("shard.yaml", yaml)
            var reports: [String] = []
            for shard in 1...2 {
                let report = try BinaryRunner.temporaryFile("shard\(shard).json", "")
                let output = try await binary.run(["load", file, "--rate", "40/s", "--duration", "1s", "--shard", "\(shard)/2", "--report-json", report, "--quiet"])
                #expect(output.status == 0, "\(output.all)")
                reports.append(report)
            }
            #expect(server.requestsServed == 40, "two shards of 40/s for 1 s send 40 in all, not \(server.requestsServed)")
            let merged = try BinaryRunner.temporaryFile("merged.json", "")
            let output = try await binary.run(["load", "merge"] + reports + ["--report-json", merged, "--threshold", "rate>=1000/s"])
            #expect(output.status == 4, "\(output.all)")
            let json = try Self.json(merged)
            #expect((json["total"] as? [String: Any])?["count"] as? Int == 40)
            let phases = try #require((json["profile"] as? [String: Any])?["phases"] as? [[String: Any]])
            #expect(phases.first?["rate"] as? Double == 40, "the merged profile is the whole: \(phases)")
            #expect(json["shard"] as? String == "1/2+2/2")
        }
    }

    @Test("merge reads histograms HdrHistogram's own libraries wrote")
    func mergeReadsStandardHistograms() async throws {
        // Written by the Python library (hdrhistogram 0.10): 1234 µs once and 99999 µs five times.
        let histogram = "HISTFAAAACZ4nJNpmSzMwMDAxgABzFCaEURcm7yEwf4DRGCxMFNvKhcAc6IGQQ=="
        let statistics = "{\"count\": 6, \"errors\": 0, \"histogram\": \"\(histogram)\", \"service_histogram\": \"\(histogram)\"}"
        let report = try BinaryRunner.temporaryFile("python.json", """
            {"kind": "rest-run-load", "version": 1, "shard": "1/1", "duration_s": 1, "profile": {"phases": []},
             "iterations": {"scheduled": 6, "started": 6, "completed": 6, "dropped": 0},
             "schedule_lag": {"histogram": "\(histogram)"}, "total": \(statistics), "requests": {"a": \(statistics)}, "timeline": []}
            """)
        let merged = try BinaryRunner.temporaryFile("python-merged.json", "")
        let output = try await binary.run(["load", "merge", report, report, "--report-json", merged, "--threshold", "max<101ms", "--threshold", "p50<99ms"])
        #expect(output.status == 4, "\(output.all)")
        let latency = try #require((try Self.json(merged)["total"] as? [String: Any])?["latency"] as? [String: Double])
        #expect(abs((latency["max_ms"] ?? 0) - 99.999) < 0.1 && abs((latency["p50_ms"] ?? 0) - 99.999) < 0.1, "\(latency)")
        #expect(output.stdout.contains("✓ max < 101ms") && output.stdout.contains("✗ p50 < 99ms"), "\(output.stdout)")
        let garbage = try BinaryRunner.temporaryFile("garbage.json", "{\"kind\": \"something else\"}")
        let refused = try await binary.run(["load", "merge", garbage])
        #expect(refused.status == 1 && refused.stderr.contains("not a report of rest-run load"), "\(refused.all)")
    }

    @Test("mistakes: a bad load: key is exit 2 at its line, a bad --threshold exit 1, nothing listening exit 3")
    func mistakes() async throws {
        let (_, invalid) = try await binary.runFile("""
            load: { rate: fast, duration: 2s, thresholds: { p95: { "<": 2 } } }
            requests:
              - url: http://127.0.0.1:9/
            """, prefix: ["load"])
        #expect(invalid.status == 2, "\(invalid.all)")
        #expect(invalid.stderr.contains(":1:15: error: 'rate' must be a rate such as 200/s"), "\(invalid.stderr)")
        #expect(invalid.stderr.contains("the bound of 'p95' must be a duration"), "\(invalid.stderr)")
        let (file, usage) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:9/\n", ["--rate", "10/s", "--duration", "1s", "--threshold", "p95<fast"], prefix: ["load"])
        #expect(usage.status == 1 && usage.stderr.contains("--threshold 'p95<fast'"), "\(usage.all)")
        let nobody = try await binary.run(["load", file, "--rate", "10/s", "--duration", "1s", "--quiet"])
        #expect(nobody.status == 3 && nobody.stderr.contains("nothing listening"), "\(nobody.all)")
        let checked = try await binary.run([file])
        #expect(checked.status == 3, "run ignores load: and sends as usual: \(checked.all)")
    }

    @Test("kept connections the server closes after each answer are replaced: no request fails")
    func staleConnections() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let report = try BinaryRunner.temporaryFile("stale-load.json", "")
        let yaml = """
            requests:
              - { name: ok, url: "\(server.url)/ok", expect: { status: 200, json: { $.ok: true } } }
              - { name: posted, method: POST, url: "\(server.url)/ok", json: { n: 1 }, expect: { status: 200 } }
            """
        // Long enough for each user to go round more than once on a loaded machine.
        let (_, output) = try await binary.runFile(yaml, ["--vus", "2", "--duration", "3s", "--report-json", report], prefix: ["load"])
        #expect(output.status == 0, "\(output.all)")
        let total = try #require(try Self.json(report)["total"] as? [String: Any])
        #expect((total["count"] as? Int ?? 0) > 4, "\(total)")
        #expect(total["errors"] as? Int == 0, "\(total)")
    }

    @Test("--report-ndjson: run_started, a progress line each second, run_finished with the exit code, each valid against the schema")
    func eventStream() async throws {
        try await MockServer.serving(Self.routes) { server in
            let yaml = """
                requests:
                  - { name: ping, url: "\(server.url)/ping", expect: { status: 200 } }
                """
            let (_, output) = try await binary.runFile(yaml, ["--vus", "2", "--duration", "2500ms", "--report-ndjson", "-"], prefix: ["load"])
            #expect(output.status == 0, "\(output.all)")
            let lines = output.stdout.split(separator: "\n").map(String.init)
            let events = lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
            }
            #expect(events.first == "run_started" && events.last == "run_finished", "\(events)")
            #expect(events.filter { $0 == "progress" }.count >= 2, "\(events)")
            let schemaText = try await binary.run(["schema", "--ndjson"]).stdout
            let document = SchemaDocument(uri: SchemaURI("https://rest-run.test/ndjson.json"), value: try JSONParser.parse(schemaText))
            let schema = try JSONSchema.compile(document, rules: SchemaRules(dialect: .draft2020_12, assertsFormats: true))
            for line in lines {
                #expect(schema.failures(try JSONParser.parse(line)).isEmpty, "\(line)")
            }
            #expect(lines.last?.contains("\"exit_code\":0") == true, "\(lines.last ?? "")")
        }
    }
}
