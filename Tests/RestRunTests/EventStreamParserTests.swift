@testable import RestRun
import Testing

/// The event-stream parser against the WHATWG HTML standard's rules, fed whole and byte by byte.
@Suite("event-stream parser")
struct EventStreamParserTests {
    static func parse(_ text: String, chunk: Int = .max, maxEventSize: Int = 1 << 20) throws -> [ServerSentEvent] {
        parse(Array(text.utf8), chunk: chunk, maxEventSize: maxEventSize)
    }

    static func parse(_ bytes: [UInt8], chunk: Int = .max, maxEventSize: Int = 1 << 20) -> [ServerSentEvent] {
        var parser = EventStreamParser(maxEventSize: maxEventSize)
        var events: [ServerSentEvent] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + chunk)
            try? parser.feed(bytes[index..<end]) { events.append($0); return true }
            index = end
        }
        return events
    }

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var stream: String
        var expected: [ServerSentEvent]
    }

    static let cases: [Case] = [
        Case(description: "data over several lines", stream: "data: one\ndata: two\n\n", expected: [.init(data: "one\ntwo")]),
        Case(description: "LF, CR and CRLF line ends", stream: "data: a\r\rdata: b\r\n\r\ndata: c\n\n",
             expected: [.init(data: "a"), .init(data: "b"), .init(data: "c")]),
        Case(description: "comments are skipped", stream: ": keep-alive\ndata: x\n: more\n\n", expected: [.init(data: "x")]),
        Case(description: "one space after the colon is dropped, no more", stream: "data:  two spaces\ndata:none\n\n",
             expected: [.init(data: " two spaces\nnone")]),
        Case(description: "a field without a colon has an empty value", stream: "data\ndata\n\n", expected: [.init(data: "\n")]),
        Case(description: "event names the type; message otherwise", stream: "event: add\ndata: 1\n\ndata: 2\n\n",
             expected: [.init(type: "add", data: "1"), .init(data: "2")]),
        Case(description: "the last event id carries over", stream: "id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\n",
             expected: [.init(data: "a", id: "7"), .init(data: "b", id: "7"), .init(data: "c", id: "")]),
        Case(description: "an id with NUL is ignored", stream: "id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n",
             expected: [.init(data: "a", id: "1"), .init(data: "b", id: "1")]),
        Case(description: "an event without data is not dispatched", stream: "event: ping\n\ndata: x\n\n", expected: [.init(data: "x")]),
        Case(description: "an event still open at the end is dropped", stream: "data: done\n\ndata: half", expected: [.init(data: "done")]),
        Case(description: "retry with digits only", stream: "retry: 500\ndata: a\n\nretry: 5x\ndata: b\n\n",
             expected: [.init(data: "a", retry: 500), .init(data: "b", retry: 500)]),
        Case(description: "a leading BOM is skipped once", stream: "\u{FEFF}data: a\n\n", expected: [.init(data: "a")]),
        Case(description: "unknown fields are ignored", stream: "foo: bar\ndata: a\n\n", expected: [.init(data: "a")]),
        Case(description: "blank lines alone dispatch nothing", stream: "\n\n\r\n\rdata: a\n\n", expected: [.init(data: "a")]),
    ]

    @Test("each rule, whole and byte by byte", arguments: cases)
    func rule(_ rule: Case) throws {
        #expect(try Self.parse(rule.stream) == rule.expected)
        #expect(try Self.parse(rule.stream, chunk: 1) == rule.expected)
        #expect(try Self.parse(rule.stream, chunk: 3) == rule.expected)
    }

    @Test("a second BOM is data; a CR then LF split across chunks is one line end")
    func edges() throws {
        let events = Self.parse([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("data: a\n\n".utf8), chunk: 2)
        #expect(events.isEmpty, "the second BOM starts a field named \u{FEFF}data")
        #expect(try Self.parse("data: a\r\n\r\n", chunk: 8) == [.init(data: "a")])
    }

    @Test("an event or a line over the limit stops the parse")
    func limits() {
        var parser = EventStreamParser(maxEventSize: 10)
        #expect(throws: EventStreamParser.ParseFailure.eventTooLarge) {
            try parser.feed(Array("data: 0123456789ABCDEF".utf8)) { _ in true }
        }
        var many = EventStreamParser(maxEventSize: 10)
        #expect(throws: EventStreamParser.ParseFailure.eventTooLarge) {
            try many.feed(Array("data: 12345\ndata: 12345\n\n".utf8)) { _ in true }
        }
    }

    @Test("the limit is met the same way whether the stream comes whole or in pieces")
    func limitsInPieces() {
        let stream = Array(": c\nid: 9\ndata: abc\ndata: de\n\nevent: x\ndata:\n\ndata: 0123456\n\n".utf8)
        func parse(chunk: Int, limit: Int) -> (events: [ServerSentEvent], refused: Bool) {
            var parser = EventStreamParser(maxEventSize: limit)
            var events: [ServerSentEvent] = []
            var index = 0
            while index < stream.count {
                let end = min(stream.count, index + chunk)
                do {
                    try parser.feed(stream[index..<end]) { events.append($0); return true }
                } catch {
                    return (events, true)
                }
                index = end
            }
            return (events, false)
        }
        for limit in 1...16 {
            let whole = parse(chunk: stream.count, limit: limit)
            for chunk in 1...9 {
                let pieces = parse(chunk: chunk, limit: limit)
                #expect(pieces.events == whole.events && pieces.refused == whole.refused, "limit \(limit), pieces of \(chunk)")
            }
        }
        #expect(parse(chunk: stream.count, limit: 16).events.count == 3)
        #expect(parse(chunk: stream.count, limit: 7) == ([], true), "the line 'data: abc' alone is over 7 bytes")
    }

    @Test("the event log gives back every event as kept, across its chunks and blocks")
    func log() {
        var events = [ServerSentEvent(data: "")]
        for number in 0..<10_000 {
            let size = number % 997 == 0 ? 300_000 : number % 13
            events.append(ServerSentEvent(
                type: number % 5 == 0 ? "tick" : "message", data: String(repeating: "d", count: size) + "\(number)",
                id: number < 20 ? "" : "\(number / 7)", retry: number < 3000 ? nil : number / 1000))
        }
        events.append(ServerSentEvent(data: ""))
        let log = EventLog(events)
        #expect(log.count == events.count)
        #expect(log.events == events)
        #expect(log[4096] == events[4096] && log[0] == events[0] && log[events.count - 1] == events[events.count - 1])
    }

    @Test("a path reads an event's json when it names it or may reach it, however it is written")
    func pathsReadingJSON() throws {
        let overList: [(String, Bool)] = [
            ("$[0].json.id", true), ("$[-1]['json']", true), (#"$[0]["\u006Ason"]"#, true), ("$[*].json", true), ("$..id", true),
            ("$[?@.json.done]", true), ("$[0].*", true), ("$[*]", false), ("$[0].data", false), ("$[1:3].event", false),
        ]
        for (text, reads) in overList {
            #expect(EventStreamSettings.readsJSON(try JSONPath(text), overList: true) == reads, "\(text)")
        }
        let overEvent: [(String, Bool)] = [("$.json.x", true), ("$.*", true), ("$[?@.x]", true), ("$.data", false), ("$.id", false)]
        for (text, reads) in overEvent {
            #expect(EventStreamSettings.readsJSON(try JSONPath(text), overList: false) == reads, "\(text)")
        }
    }

    @Test("an event's value has json only when its data is JSON")
    func value() {
        let json: [(String, DecodedValue)] = [
            ("event", .string("message")), ("data", .string(#"{"a": 1}"#)), ("id", .string("")),
            ("json", .object(fromPairs: [("a", .integer(1))])),
        ]
        #expect(ServerSentEvent(data: #"{"a": 1}"#).value == .object(fromPairs: json))
        let text: [(String, DecodedValue)] = [("event", .string("message")), ("data", .string("[DONE]")), ("id", .string(""))]
        #expect(ServerSentEvent(data: "[DONE]").value == .object(fromPairs: text))
    }
}
