import FuzzSupport
@testable import RestRun

/// Each input as an event-stream body, fed whole and then in pieces whose sizes its first byte
/// picks: never a crash, the same events both ways, and no event over the limit.
@_cdecl("FuzzEventStream_main")
public func fuzzEventStreamMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        let bytes = fuzzInput(data, count)
        let limit = 4096
        func parse(chunk: Int) -> ([ServerSentEvent], Bool) {
            var parser = EventStreamParser(maxEventSize: limit)
            var events: [ServerSentEvent] = []
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + chunk)
                do {
                    try parser.feed(bytes[index..<end]) { event in
                        events.append(event)
                        return true
                    }
                } catch {
                    return (events, true)
                }
                index = end
            }
            return (events, false)
        }
        let whole = parse(chunk: max(1, bytes.count))
        let pieces = parse(chunk: Int(bytes.first ?? 1) % 7 + 1)
        precondition(whole.0 == pieces.0 && whole.1 == pieces.1, "the events depend on how the bytes arrive")
        for event in whole.0 {
            precondition(event.data.utf8.count <= limit, "an event over the limit")
            _ = event.value
        }
        return 0
    }
}
