import Foundation
@testable import RestRun
import OrderedCollections
import RestRunMock
import RestRunTestSupport
import Testing

/// `--report-har`: every attempt of a run as HAR 1.2, valid against the HAR schema (checked with
/// rest-run's own validator), with no secret in it.
@Suite("HAR report")
struct HARReportTests {
    let binary = BinaryRunner()
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/testdata/har-schema/har.json").standardized.path

    /// The HAR 1.2 schema is public data that this checkout's `../shared/testdata` holds (see its
    /// README); a clone on its own skips the test, visibly, rather than failing it.
    static let schemaFound = ConditionTrait.enabled(
        if: FileManager.default.fileExists(atPath: schema), "the HAR schema is not in ../shared/testdata/har-schema")

    @Test("a run with retries, bodies, query, Basic auth, a secret header and a refused connection is valid HAR 1.2 without canaries", schemaFound)
    func report() async throws {
        let server = RecordingServer()
        try await MockServer.serving(responder: server) { mock in
            let folder = (try BinaryRunner.temporaryFile("x", "") as NSString).deletingLastPathComponent
            let (_, output) = try await binary.runFile("""
                base_url: \(mock.url)
                headers: { X-Api-Key: "${KEY}" }
                requests:
                  - name: post
                    method: POST
                    url: /items?q=a%20b&token=${KEY}
                    json: { name: "é", secret: "${KEY}" }
                  - name: form
                    method: POST
                    url: /login
                    auth: { basic: [alice, "${KEY}"] }
                    form: { user: alice }
                  - name: down
                    url: http://127.0.0.1:1/nothing
                    options: { retry: { attempts: 2, delay: 10ms } }
                    expect: { status: 200 }
                """, named: "har.yaml", ["--report-har", folder + "/run.har"], environment: ["KEY": "canary-key-7f3a"])
            #expect(output.status == 3, "\(output.all)")
            let text = try String(contentsOfFile: folder + "/run.har", encoding: .utf8)
            #expect(!text.contains("canary-key-7f3a"), "\(text)")
            #expect(!text.contains(Base64.encode(Array("alice:canary-key-7f3a".utf8))))
            let value = try JSONParser.parse(Array(text.utf8))
            let schema = try SchemaLibrary().schema(file: Self.schema)
            let failures = schema.failures(value, limit: 10)
            #expect(failures.isEmpty, "\(failures.map(\.message))")
            guard case let .object(root) = value, case let .object(log)? = root["log"], case let .array(entries)? = log["entries"] else {
                Issue.record("no entries: \(text)")
                return
            }
            // Two requests answered, and two attempts at the refused one.
            #expect(entries.count == 4, "\(entries.count)")
            #expect(text.contains("\"mimeType\": \"application/json\""), "\(text)")
            #expect(text.contains("\"status\": 0"))
        }
    }

    @Test("an event stream's events and a WebSocket's handshake and messages are recorded; delay: holds a WebSocket back", schemaFound)
    func streamAndWebSocket() async throws {
        try await MockServer.serving("""
            routes:
              - path: /feed
                events: [ "first", "second canary-key-7f3a" ]
              - path: /ws/echo
                websocket: echo
            """) { mock in
            let folder = (try BinaryRunner.temporaryFile("x", "") as NSString).deletingLastPathComponent
            let started = ContinuousClock.now
            let (_, output) = try await binary.runFile("""
                base_url: \(mock.url)
                requests:
                  - name: feed
                    url: /feed
                    stream: { events: true }
                    capture: { last: { events: "$[-1].data", secret: true } }
                  - name: chat
                    url: \(mock.url.replacingOccurrences(of: "http://", with: "ws://"))/ws/echo
                    headers: { Authorization: "Bearer ${KEY}" }
                    options: { delay: 400ms }
                    websocket:
                      - send: "hello ${KEY}"
                      - receive: { expect: { body: { contains: hello } } }
                      - send: { base64: AAEC }
                      - receive: {}
                """, named: "har-kinds.yaml", ["--report-har", folder + "/kinds.har", "-v"], environment: ["KEY": "canary-key-7f3a"])
            #expect(output.status == 0, "\(output.all)")
            #expect(ContinuousClock.now - started >= .milliseconds(400))
            #expect(!output.all.contains("canary-key-7f3a"), "\(output.all)")
            #expect(output.all.contains("< HTTP/1.1 101 Switching Protocols"), "\(output.all)")
            #expect(output.all.contains("> hello [redacted]"), "\(output.all)")
            let text = try String(contentsOfFile: folder + "/kinds.har", encoding: .utf8)
            #expect(!text.contains("canary-key-7f3a"), "\(text)")
            let value = try JSONParser.parse(Array(text.utf8))
            let failures = try SchemaLibrary().schema(file: Self.schema).failures(value, limit: 10)
            #expect(failures.isEmpty, "\(failures.map(\.message))")
            guard case let .object(root) = value, case let .object(log)? = root["log"], case let .array(entries)? = log["entries"],
                  entries.count == 2, case let .object(feed) = entries[0], case let .object(chat) = entries[1] else {
                Issue.record("not two entries: \(text)")
                return
            }
            guard case let .object(response)? = feed["response"], case let .object(content)? = response["content"] else {
                Issue.record("no content: \(text)")
                return
            }
            #expect(content["text"] == .string("data: first\n\ndata: [redacted]\n\n"))
            guard case let .object(handshake)? = chat["response"], case let .array(messages)? = chat["_webSocketMessages"] else {
                Issue.record("no WebSocket messages: \(text)")
                return
            }
            #expect(handshake["status"] == .integer(101))
            let kinds = messages.compactMap { message -> String? in
                guard case let .object(fields) = message, case let .string(type)? = fields["type"], case let .integer(opcode)? = fields["opcode"]
                else { return nil }
                return "\(type) \(opcode)"
            }
            #expect(kinds == ["send 1", "receive 1", "send 2", "receive 2", "send 8", "receive 8"], "\(text)")
        }
    }
}
