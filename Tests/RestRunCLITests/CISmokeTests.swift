import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OrderedCollections
import RestRun
import RestRunTestSupport
import Testing

/// Reports, parallel files, selection and sharding, the way a CI job runs rest-run.
@Suite("rest-run in CI")
struct CISmokeTests {
    let binary = BinaryRunner()

    static let routes = """
        routes:
          - path: /ok
            json: { ok: true }
          - path: /slow
            delay: 3s
            text: late
        """

    /// A folder of request files, some failing, and the routes file; returns (folder, routes).
    func suite(files: Int = 6, failing: Set<Int> = [2, 5]) throws -> (String, String) {
        let first = try BinaryRunner.temporaryFile("routes.yaml", Self.routes)
        let folder = String(first[..<(first.lastIndex(of: "/") ?? first.endIndex)])
        try FileManager.default.createDirectory(atPath: folder + "/suite", withIntermediateDirectories: true)
        for index in 1...files {
            let expected = failing.contains(index) ? "false" : "true"
            try FileSystem.write("""
                name: file \(index)
                requests:
                  - name: ok \(index)
                    url: /ok
                  - name: check \(index)
                    url: /ok
                    expect:
                      json:
                        $.ok: \(expected)
                """, to: "\(folder)/suite/f\(index).yaml")
        }
        return (folder + "/suite", first)
    }

    /// Counts of a JUnit file as a standard XML parser reads them.
    final class JUnitCounter: NSObject, XMLParserDelegate {
        var suites = 0, cases = 0, failures = 0, failureLines: [String] = [], suiteFiles: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "testsuite": suites += 1; suiteFiles.append(attributes["file"] ?? "")
            case "testcase": cases += 1
            case "failure": failures += 1; failureLines.append(attributes["message"] ?? "")
            default: break
            }
        }
    }

    @Test("--jobs 4 --report-junit gives a JUnit file a standard parser reads, with the right counts and lines")
    func junit() async throws {
        let (folder, routes) = try suite()
        let report = FileSystem.path("junit.xml", relativeTo: routes)
        let output = try await binary.run([folder, "--mock", routes, "--jobs", "4", "--report-junit", report])
        #expect(output.status == 4)
        #expect(output.stdout.contains("10 passed, 2 failed, 0 skipped"))
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: report)))
        let counter = JUnitCounter()
        parser.delegate = counter
        #expect(parser.parse(), "the report is well-formed XML")
        #expect(counter.suites == 6)
        #expect(counter.cases == 12)
        #expect(counter.failures == 2)
        #expect(counter.suiteFiles == (1...6).map { "\(folder)/f\($0).yaml" }, "files in input order")
        #expect(counter.failureLines.allSatisfy { $0.contains(".yaml:9:9: expectation failed: $.ok") })
        #expect(!output.stdout.contains("\u{1B}["), "no escape codes when piped")
    }

    @Test("--shard 1/2 and 2/2 together run every file exactly once")
    func shards() async throws {
        let (folder, routes) = try suite(files: 5, failing: [])
        var seen: [String] = []
        for shard in ["1/2", "2/2"] {
            let report = FileSystem.path("shard-\(shard.first ?? "x").json", relativeTo: routes)
            let output = try await binary.run([folder, "--mock", routes, "--shard", shard, "--report-json", report])
            #expect(output.status == 0)
            let json = try JSONParser.parse(FileSystem.readBytes(report))
            guard case let .object(top) = json, case let .array(files)? = top["files"] else { Issue.record("no files"); continue }
            for case let .object(file) in files { seen.append(file["path"]?.stringValue ?? "") }
        }
        #expect(seen.sorted() == (1...5).map { "\(folder)/f\($0).yaml" })
        let invalid = try await binary.run([folder, "--shard", "3/2"])
        #expect(invalid.status == 1)
    }

    @Test("TAP and JSON reports; --fail-fast stops at the first failure; --repeat runs the set again")
    func reportsAndControl() async throws {
        let (folder, routes) = try suite(files: 3, failing: [1])
        let tap = FileSystem.path("r.tap", relativeTo: routes)
        let json = FileSystem.path("r.json", relativeTo: routes)
        let full = try await binary.run([folder, "--mock", routes, "--report-tap", tap, "--report-json", json, "--repeat", "2"])
        #expect(full.stdout.contains("10 passed, 2 failed, 0 skipped"))
        let tapText = try FileSystem.readText(tap)
        #expect(tapText.hasPrefix("TAP version 13\n1..12\nok 1 - \(folder)/f1.yaml: ok 1\nnot ok 2 - \(folder)/f1.yaml: check 1\n  ---\n"))
        let report = try JSONParser.parse(FileSystem.readBytes(json))
        #expect(report.jsonText.contains(#""exit_code":4"#))
        #expect(report.jsonText.contains(#""label":"$.ok","passed":false"#))
        let fast = try await binary.run([folder, "--mock", routes, "--fail-fast"])
        #expect(fast.status == 4)
        #expect(fast.stdout.contains("1 passed, 1 failed, 0 skipped"))
    }

    @Test("in GitHub Actions failures are also ::error annotations on the YAML line")
    func githubAnnotations() async throws {
        let (folder, routes) = try suite(files: 2, failing: [2])
        let output = try await binary.run([folder, "--mock", routes], environment: ["GITHUB_ACTIONS": "true"])
        #expect(output.stdout.contains("::error file=\(folder)/f2.yaml,line=9,col=9,title=rest-run%3A check 2::expectation failed: $.ok%0Aexpected: equals false%0Aactual:   true"))
        let plain = try await binary.run([folder, "--mock", routes])
        #expect(!plain.stdout.contains("::error"))
    }

    @Test("Ctrl-C mid-run still leaves a valid report and exits 130")
    func interrupt() async throws {
        let (_, routes) = try suite(files: 1)
        let file = FileSystem.path("slow.yaml", relativeTo: routes)
        try FileSystem.write("requests:\n  - { name: fast, url: /ok }\n  - { name: slow, url: /slow }\n  - { name: never, url: /ok }\n", to: file)
        let report = FileSystem.path("interrupted.xml", relativeTo: routes)
        let output = FileSystem.path("output.txt", relativeTo: routes)
        // A shell presses Ctrl-C once the first request's line is out (the slow one is then in
        // flight): timing it from this process lost the race when the whole suite kept the test
        // runner's threads busy and the sleep woke up after the run had ended.
        let script = """
            "$0" "$1" --mock "$2" --report-junit "$3" > "$4" 2>&1 &
            pid=$!
            tries=0
            until grep -q fast "$4" || [ $tries -ge 400 ]; do sleep 0.05; tries=$((tries + 1)); done
            kill -INT $pid
            wait $pid
            """
        let result = try await BinaryRunner.execute("/bin/sh", ["-c", script, BinaryRunner.binaryPath, file, routes, report, output])
        let shown = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(result.status == 130, "\(shown)")
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: report)))
        let counter = JUnitCounter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.cases == 2, "the finished request and the interrupted one")
    }
}
