import Foundation
import RestRun
import RestRunTestSupport
import Testing

/// Every report format, rendered from the same fixed results and compared byte for byte with the
/// expected files under `Fixtures/golden/` (`UPDATE_GOLDEN=1 swift test --filter ReportGolden`
/// writes them anew; review the diff).
@Suite("Reports match their golden files")
struct ReportGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/golden").path

    static let file = """
        name: Orders
        requests:
          - name: list orders
            url: http://127.0.0.1:8080/orders
          - name: one order
            url: http://127.0.0.1:8080/orders/7
            expect: { json: { $.total: { ">": 0 } } }
          - name: later
            url: http://127.0.0.1:8080/later
            options: { skip: not ready }
        """

    /// Fixed results: one passed, one failed expectation with a retried history, one skipped, and
    /// an invalid file.
    static func results() throws -> [FileResult] {
        let location = SourceLocation(file: "orders.yaml", line: 6, column: 5, lineText: "  - name: one order")
        let expectationLocation = SourceLocation(file: "orders.yaml", line: 8, column: 24, lineText: "    expect: { json: { $.total: { \">\": 0 } } }")
        var failure = Diagnostic("expectation failed: $.total", at: expectationLocation, notes: ["expected: > 0", "actual:   -3"])
        failure.notes.append("attempts: 1) 503 Service Unavailable after 2 ms; 2) 200 OK after 3 ms, checks failed")
        let requests = [
            RequestResult(
                name: "list orders", method: .get, url: "http://127.0.0.1:8080/orders",
                location: SourceLocation(file: "orders.yaml", line: 3, column: 5), outcome: .passed, status: 200,
                duration: .milliseconds(12), captures: [("first", .string("7"))], attempts: 1),
            RequestResult(
                name: "one order", method: .get, url: "http://127.0.0.1:8080/orders/7", location: location, outcome: .failed,
                status: 200, duration: .milliseconds(5), failures: [failure], attempts: 2),
            RequestResult(
                name: "later", method: .get, url: "http://127.0.0.1:8080/later",
                location: SourceLocation(file: "orders.yaml", line: 9, column: 5), outcome: .skipped, skipReason: "not ready"),
        ]
        let invalid = FileResult(invalidFile: "broken.yaml", problems: [
            Diagnostic("unknown key 'expcet' in request 1 (did you mean 'expect'?)",
                       at: SourceLocation(file: "broken.yaml", line: 3, column: 5, lineText: "    expcet: {}")),
        ])
        return [FileResult(path: "orders.yaml", name: "Orders", requests: requests, duration: .milliseconds(20)), invalid]
    }

    func compare(_ text: String, with name: String) throws {
        let path = Self.directory + "/" + name
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == expected, "\(name) differs from its golden file:\n\(text)")
    }

    @Test("JUnit XML, strict (the default)")
    func junit() throws { try compare(JUnitReport.render(Self.results(), timestamp: "2026-01-02T03:04:05Z"), with: "report.xml") }

    @Test("JUnit XML, with GitLab's attributes")
    func junitGitLab() throws {
        try compare(JUnitReport.render(Self.results(), timestamp: "2026-01-02T03:04:05Z", family: .gitlab), with: "report-gitlab.xml")
    }

    @Test("TAP 13")
    func tap() throws { try compare(TAPReport.render(Self.results()), with: "report.tap") }

    @Test("JSON")
    func json() throws { try compare(JSONReport.render(Self.results()), with: "report.json") }

    @Test("GitHub annotations")
    func annotations() throws {
        let results = try Self.results()
        try compare(GitHubAnnotations.render(results[1].problems) + GitHubAnnotations.render(results), with: "annotations.txt")
    }

    @Test("the console, plain")
    func console() throws {
        let sink = BufferSink()
        let reporter = ConsoleReporter(sink: sink, colors: false)
        let file = try RequestFileLoader().load(text: Self.file, path: "orders.yaml")
        let results = try Self.results()
        reporter.runner(didStart: file)
        for request in results[0].requests { reporter.runner(didFinish: request, in: file) }
        reporter.runner(didFinish: results[0])
        var tally = RunTally(passes: 1, keepsResults: false)
        for (index, file) in results.enumerated() { tally.add(file, at: index) }
        reporter.finish(tally.finish(redactor: Redactor()), duration: .milliseconds(25))
        try compare(sink.text, with: "console.txt")
    }

    @Test("the dry run's curl commands")
    func dryRun() async throws {
        let file = try RequestFileLoader().load(text: Self.file, path: "orders.yaml")
        let entries = try await DryRun(runner: Runner()).entries(for: file)
        try compare(DryRunRenderer.render(entries, colors: false), with: "dry-run.txt")
    }
}
