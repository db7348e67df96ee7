import Foundation
import RestRunMock
import RestRunTestSupport
import Testing

/// `rest-run import har`: a run recorded with `--report-har` against one server, imported, runs
/// against a fresh server because the token and the id it got become captures; static assets and
/// other hosts are left out; a file that is not HAR is exit 2 at its line.
@Suite("import har")
struct ImportHARTests {
    let binary = BinaryRunner()

    @Test("a recorded session replays against a new server: its token and id become captures")
    func session() async throws {
        let folder = (try BinaryRunner.temporaryFile("x", "") as NSString).deletingLastPathComponent
        try await MockServer.serving(responder: SessionAPI(prefix: "first")) { first in
            let (_, recorded) = try await binary.runFile("""
                base_url: \(first.url)
                requests:
                  - method: POST
                    url: /login
                    json: { user: alice }
                    capture: { token: $.token }
                  - method: POST
                    url: /notes
                    headers: { Authorization: "Bearer {{token}}" }
                    json: { text: "milk" }
                    capture: { id: $.id }
                  - url: /notes/{{id}}
                    headers: { Authorization: "Bearer {{token}}" }
                    expect: { status: 200, json: { $.text: milk } }
                """, named: "session.yaml", ["--report-har", folder + "/session.har"])
            #expect(recorded.status == 0, "\(recorded.all)")
        }
        // A browser's log has assets and other hosts too.
        var har = try String(contentsOfFile: folder + "/session.har", encoding: .utf8)
        let asset = #"{"startedDateTime": "2026-01-01T00:00:00.000Z", "time": 1, "request": {"method": "GET", "url": "https://cdn.example.com/app.js", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [], "queryString": [], "headersSize": -1, "bodySize": 0}, "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [], "content": {"size": 1, "mimeType": "application/javascript"}, "redirectURL": "", "headersSize": -1, "bodySize": 1}, "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}},"#
        har = har.replacingOccurrences(of: "\"entries\": [", with: "\"entries\": [" + asset)
        try har.write(toFile: folder + "/browser.har", atomically: true, encoding: .utf8)
        let output = try await binary.run(["import", "har", folder + "/browser.har", "--expect-status", "-o", folder + "/imported.yaml"])
        #expect(output.status == 0, "\(output.all)")
        let text = try String(contentsOfFile: folder + "/imported.yaml", encoding: .utf8)
        #expect(!text.contains("app.js"), "\(text)")
        #expect(text.contains("\"Authorization\": \"Bearer {{token}}\""), "\(text)")
        #expect(text.contains("/notes/{{id}}"), "\(text)")
        #expect(try await binary.run(["check", folder + "/imported.yaml"]).status == 0)
        try await MockServer.serving(responder: SessionAPI(prefix: "second")) { second in
            // The recorded URLs name the first server: point them at the second.
            let firstHost = text.components(separatedBy: "url: \"").dropFirst().first?.components(separatedBy: "/login").first ?? ""
            try text.replacingOccurrences(of: firstHost, with: second.url).write(toFile: folder + "/imported.yaml", atomically: true, encoding: .utf8)
            let replay = try await binary.run([folder + "/imported.yaml"])
            #expect(replay.status == 0, "\(replay.all)")
        }
        // A capture saved with a byte-order mark (mitmproxy's with-bom.har) reads as any other.
        let withMark = try BinaryRunner.temporaryFile("with-bom.har", "\u{FEFF}" + har)
        let marked = try await binary.run(["import", "har", withMark, "-o", "-"])
        #expect(marked.status == 0 && marked.stdout.contains("/login"), "\(marked.all)")
        let notHAR = try BinaryRunner.temporaryFile("broken.har", "{\n  \"log\": {\n    \"entries\": [,]\n  }\n}\n")
        let refused = try await binary.run(["import", "har", notHAR])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.stderr.contains("broken.har:3:1: error: not a HAR file"), "\(refused.stderr)")
    }
}
