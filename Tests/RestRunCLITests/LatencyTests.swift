import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// `repeat:`, `--repeat`, `--warmup`, latency summaries and `expect: duration:` budgets.
@Suite("latency percentiles and budgets")
struct LatencyTests {
    let binary = BinaryRunner()

    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The nearest-rank percentile of `values`, as the docs define it.
    static func nearestRank(_ values: [Double], _ percent: Double) -> Double {
        let sorted = values.sorted()
        let rank = max(1, Int((percent / 100 * Double(sorted.count)).rounded(.up)))
        return sorted[rank - 1]
    }

    @Test("repeat: with --repeat and --warmup sends the right number of requests; the JSON report's raw durations give its percentiles again")
    func counts() async throws {
        let routes = "routes:\n  - path: /ping\n    json: { ok: true }\n  - path: /other\n    json: {}\n"
        try await MockServer.serving(routes) { server in
            let yaml = """
                base_url: \(server.url)
                requests:
                  - name: ping
                    url: /ping
                    repeat: 20
                    expect:
                      duration: { p95: { "<": 5s }, mean: { "<": 5s } }
                  - name: other
                    url: /other
                """
            let report = try BinaryRunner.temporaryFile("report.json", "")
            let (_, output) = try await binary.runFile(yaml, ["--repeat", "3", "--warmup", "2", "--report-json", report])
            #expect(output.status == 0, "\(output.all)")
            #expect(server.requestsServed == (2 + 3) * (20 + 1), "warm-up passes send too, but are not counted")
            #expect(output.stdout.contains("×20 runs"), "\(output.stdout)")
            #expect(output.stdout.contains("latency"), "the summary has a latency table")
            let entries = try #require(try Self.json(report)["latency"] as? [[String: Any]])
            #expect(entries.count == 2, "both requests ran more than once: \(entries.map { $0["name"] ?? "" })")
            let ping = try #require(entries.first { $0["name"] as? String == "ping" })
            let durations = try #require(ping["durations_ms"] as? [Double])
            #expect(durations.count == 60 && ping["runs"] as? Int == 60, "3 counted passes of 20 runs")
            for (key, percent) in [("p50_ms", 50.0), ("p90_ms", 90), ("p95_ms", 95), ("p99_ms", 99), ("p99_9_ms", 99.9), ("max_ms", 100)] {
                let reported = try #require(ping[key] as? Double)
                let expected = Self.nearestRank(durations, percent)
                // HdrHistogram keeps 3 significant digits: at most 0.1% (and a microsecond) apart.
                #expect(abs(reported - expected) <= expected * 0.001 + 0.001, "\(key): \(reported) vs \(expected)")
            }
            let mean = durations.reduce(0, +) / Double(durations.count)
            #expect(abs((ping["mean_ms"] as? Double ?? -1) - mean) <= 0.002)
            let budgets = try #require(ping["budgets"] as? [[String: Any]])
            #expect(budgets.count == 2 && budgets.allSatisfy { $0["passed"] as? Bool == true })
        }
    }

    @Test("a budget that does not hold fails the run once, with the measured value, the budget and the number of runs")
    func budgets() async throws {
        let routes = "routes:\n  - path: /slow\n    delay: 40ms\n    json: {}\n"
        try await MockServer.serving(routes) { server in
            let yaml = """
                requests:
                  - name: slow
                    url: \(server.url)/slow
                    for_each: [a, b, c]
                    expect:
                      duration:
                        p90: { "<": 20ms }
                        min: { ">=": 35ms }
                """
            let junit = try BinaryRunner.temporaryFile("junit.xml", "")
            let (file, output) = try await binary.runFile(yaml, ["--report-junit", junit])
            #expect(output.status == 4, "\(output.all)")
            #expect(server.requestsServed == 3)
            #expect(output.stdout.contains("\(file):7:9: error: expectation failed: duration p90 over 3 runs"), "\(output.stdout)")
            #expect(output.stdout.contains("expected: < 20 ms"))
            #expect(!output.stdout.contains("duration min over"), "the budget that held is not a failure")
            #expect(output.stdout.contains("2 passed, 1 failed"), "the failure counts once, on the last item: \(output.stdout)")
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("<system-out>latency over 3 runs: p50 "), "\(xml)")
        }
    }

    @Test("repeat: stops at the first failing run and says which")
    func stopsAtFailure() async throws {
        let routes = "routes:\n  - path: /flaky\n    responses:\n      - { json: {} }\n      - { json: {} }\n      - { status: 500 }\n"
        try await MockServer.serving(routes) { server in
            let (_, output) = try await binary.runFile("requests:\n  - url: \(server.url)/flaky\n    repeat: 10\n")
            #expect(output.status == 4)
            #expect(server.requestsServed == 3, "\(output.all)")
            #expect(output.stdout.contains("on run 3 of 10 (repeat: 10)"), "\(output.stdout)")
        }
    }

    @Test("repeat: and duration budgets with mistakes are load errors at their line")
    func loadErrors() async throws {
        let cases: [(String, String)] = [
            ("    repeat: 0\n", "4:13: error: 'repeat' takes a number of runs from 1 to 100000, found 0"),
            ("    repeat: 3s\n", "4:13: error: 'repeat' must be a whole number"),
            ("    expect:\n      duration: { p95x: { \"<\": 1s } }\n", "5:19: error: unknown statistic 'p95x' (did you mean 'p95'?)"),
            ("    expect:\n      duration: { p95: { \"<\": 1s }, \"<\": 2s }\n", "'duration' holds either a predicate or budgets per statistic, not both"),
            ("    expect:\n      duration: { p101: { \"<\": 1s } }\n", "unknown statistic 'p101'"),
            ("    expect:\n      duration: { p99.9: { \"<\": soon } }\n", "a duration"),
        ]
        for (extra, message) in cases {
            let (_, output) = try await binary.runFile("requests:\n  - name: x\n    url: http://127.0.0.1:9/\n" + extra)
            #expect(output.status == 2, "\(extra)\n\(output.all)")
            #expect(output.stderr.contains(message), "\(extra)\n\(output.stderr)")
        }
    }

    @Test("--warmup and --repeat reject values out of range")
    func flags() async throws {
        let (file, _) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:9/\n", ["--dry-run"])
        let output = try await binary.run([file, "--warmup", "-1"])
        #expect(output.status == 1)
        let repeatOutput = try await binary.run([file, "--repeat", "0"])
        #expect(repeatOutput.stderr.contains("--repeat takes a number from 1 to 100000"))
    }
}
