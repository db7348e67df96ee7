import Foundation
import RestRunTestSupport
import Testing

/// `stream: events` end to end: the mock's event streams, and a raw server that splits, floods,
/// stalls or never ends an event; each case ends within its limits with its exit code.
@Suite("event streams")
struct EventStreamTests {
    let binary = BinaryRunner()

    static let routes = """
        routes:
          - path: /chat
            method: POST
            events:
              - { json: { choices: [ { delta: { content: "Hel" } } ] }, delay: 100ms }
              - { json: { choices: [ { delta: { content: "lo" } } ] } }
              - { comment: keep-alive }
              - { event: done, data: "[DONE]", id: "7" }
          - path: /feed
            events:
              - { data: "one", id: "1" }
              - { data: "two", delay: 10ms }
              - { data: "three", delay: 10s }
          - path: /json
            json: { not: a stream }

        """

    @Test("expectations and captures read events; first_event is checked; -v shows each event")
    func chat() async throws {
        let routes = try BinaryRunner.temporaryFile("routes.yaml", Self.routes)
        let (_, output) = try await binary.runFile("""
            requests:
              - name: chat
                method: POST
                url: /chat
                json: { prompt: hi }
                stream: events
                expect:
                  events:
                    "$[*]": { count: 3 }
                    "$[-1].data": "[DONE]"
                    "$[-1].event": done
                    "$[0].event": message
                    "$[0].json.choices[0].delta.content": Hel
                  first_event: { ">=": 50ms, "<": 20s }
                capture:
                  done_id: { events: "$[-1].id" }
              - name: uses the capture
                url: /json
                headers: { X-Done: "{{done_id}}" }
              - name: until
                url: /feed
                stream: { events: true, until: { "$.data": two } }
                expect: { events: { "$[*]": { count: 2 }, "$[1].id": "1" } }
              - name: max_events
                url: /feed
                stream: { events: true, max_events: 1 }
                expect: { events: { "$[*]": { count: 1 } } }
            """, ["--mock", routes, "-v"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stderr.contains(#"< event 1: message "{\"choices\""#), "\(output.stderr)")
        #expect(output.stderr.contains(#"< event 3: done (id 7) "[DONE]""#), "\(output.stderr)")
        #expect(output.stderr.contains("> X-Done: 7"), "\(output.stderr)")
    }

    @Test("a stream that closes before until holds fails (exit 4); a stall past within fails (exit 3); not a stream fails")
    func failures() async throws {
        let routes = try BinaryRunner.temporaryFile("routes.yaml", Self.routes)
        let (file, closed) = try await binary.runFile("""
            requests:
              - url: /chat
                method: POST
                stream: { events: true, until: { "$.data": never } }
            """, ["--mock", routes])
        #expect(closed.status == 4, "\(closed.all)")
        #expect(closed.stdout.contains("the event stream ended after 3 events before 'until' held"), "\(closed.stdout)")
        #expect(closed.stdout.contains("3:"), "at the until line: \(closed.stdout)")
        _ = file
        let (_, stalled) = try await binary.runFile("requests:\n  - url: /feed\n    stream: { events: true, within: 2s }\n", ["--mock", routes])
        #expect(stalled.status == 3, "\(stalled.all)")
        #expect(stalled.stdout.contains("stalled: it did not end within 2 s (2 events received)"), "\(stalled.stdout)")
        #expect(stalled.stdout.contains(#"event 2: message (id 1) "two""#), "\(stalled.stdout)")
        // The stall message, with the two events before it, is what tells a stall from the stream's
        // own end (its third event comes 10 s later); no wall-clock bound, which a loaded machine
        // breaks.
        let (_, notStream) = try await binary.runFile("requests:\n  - url: /json\n    stream: events\n", ["--mock", routes])
        #expect(notStream.status == 4, "\(notStream.all)")
        #expect(notStream.stdout.contains("not an event stream: expected Content-Type text/event-stream, found Content-Type application/json"), "\(notStream.stdout)")
    }

    @Test("hostile streams: split CR-terminated events parse; an endless event, a flood and a stall end within limits")
    func hostile() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let (_, split) = try await binary.runFile("""
            requests:
              - url: \(server.url)/sse-split
                stream: events
                expect:
                  events:
                    "$[*]": { count: 3 }
                    "$[0].json.n": 1
                    "$[0].id": "1"
                    "$[1].data": "two\\nlines"
                    "$[1].id": "1"
                    "$[2].event": end
            """)
        #expect(split.status == 0, "\(split.all)")
        let (_, early) = try await binary.runFile(
            "requests:\n  - url: \(server.url)/sse-early-close\n    stream: events\n    expect: { events: { \"$[*]\": { count: 1 } } }\n")
        #expect(early.status == 0, "the open event at the end is dropped: \(early.all)")
        let start = ContinuousClock.now
        let (_, endless) = try await binary.runFile(
            "requests:\n  - url: \(server.url)/sse-endless-event\n    stream: { events: true, max_event_size: 64KB }\n")
        #expect(endless.status == 3 && endless.stdout.contains("larger than max_event_size (64 KB)"), "\(endless.all)")
        let (_, flood) = try await binary.runFile("requests:\n  - url: \(server.url)/sse-flood\n    stream: events\n    options: { timeout: 20s }\n")
        #expect(flood.status == 3 && flood.stdout.contains("sent more than 100000 events"), "\(flood.all)")
        let (_, stall) = try await binary.runFile(
            "requests:\n  - url: \(server.url)/sse-stall\n    stream: { events: true, until: { $.data: last }, within: 500ms }\n")
        #expect(stall.status == 3 && stall.stdout.contains("stalled: 'until' did not hold within 500 ms (1 event received)"), "\(stall.all)")
        #expect(ContinuousClock.now - start < .seconds(20))
        // No answer at all within `within`: the time out names that limit, not the request's.
        let (_, silent) = try await binary.runFile(
            "requests:\n  - url: \(server.url)/never-answer\n    stream: { events: true, within: 300ms }\n")
        #expect(silent.status == 3 && silent.stdout.contains("/never-answer timed out after 300 ms"), "\(silent.all)")
    }

    @Test("first_event budgets over repeats; the JSON report carries each run's first_event and the events")
    func budgets() async throws {
        let routes = try BinaryRunner.temporaryFile("routes.yaml", Self.routes)
        let report = try BinaryRunner.temporaryFile("report.json", "")
        let (_, output) = try await binary.runFile("""
            requests:
              - name: chat
                method: POST
                url: /chat
                stream: events
                repeat: 3
                expect:
                  first_event: { p50: { ">=": 50ms }, max: { "<": 1ms } }
            """, ["--mock", routes, "--report-json", report])
        #expect(output.status == 4, "\(output.all)")
        #expect(output.stdout.contains("first_event max over 3 runs"), "\(output.stdout)")
        #expect(!output.stdout.contains("first_event p50"), "p50 holds: \(output.stdout)")
        let json = try String(contentsOfFile: report, encoding: .utf8)
        #expect(json.contains("\"first_event_runs_ms\""), "\(json)")
        #expect(json.contains("\"events\""), "\(json)")
    }

    @Test("a typo under stream: gets a did-you-mean at its line")
    func typo() async throws {
        let (_, output) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/x\n    stream: { events: true, max_event: 3 }\n")
        #expect(output.status == 2, "\(output.all)")
        #expect(output.stderr.contains("3:29: error: unknown key 'max_event'") && output.stderr.contains("did you mean 'max_events'"), "\(output.stderr)")
        let (_, word) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/x\n    stream: event\n")
        #expect(word.status == 2 && word.stderr.contains("did you mean 'events'"), "\(word.all)")
    }
}
