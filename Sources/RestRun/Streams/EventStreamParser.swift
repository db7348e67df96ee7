#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a `text/event-stream` body as it arrives, exactly as the WHATWG HTML standard's
/// "Parsing an event stream" says: a leading BOM is skipped; lines end with CRLF, LF or CR (a CR
/// at the end of one chunk and an LF at the start of the next are one line end); `:` starts a
/// comment; `event`, `data`, `id` and `retry` are the fields and every other is ignored; an event
/// is dispatched at a blank line only, and one still open when the stream ends is dropped.
///
/// An event whose data, or a line with the data before it, grows past `maxEventSize` bytes stops
/// the parse: the body is never held whole, so an endless line or event costs no more than that.
///
/// Lines are read where they are in the bytes fed: only a line split across two chunks, or an
/// event with more than one data line, is copied before its event is dispatched.
package struct EventStreamParser {
    /// Why the stream cannot be read on.
    package enum ParseFailure: Error, Equatable {
        /// An event (or one line) is larger than the limit.
        case eventTooLarge
    }

    /// One event as the parser dispatches it: its fields' bytes, valid only during the call.
    package struct RawEvent {
        /// The type; empty when the stream named none (`message`).
        package var type: UnsafeBufferPointer<UInt8>
        /// The data.
        package var data: UnsafeBufferPointer<UInt8>
        /// The last event ID.
        package var id: UnsafeBufferPointer<UInt8>
        /// The reconnection time the stream last set.
        package var retry: Int?

        /// The event with its own strings.
        package var event: ServerSentEvent {
            ServerSentEvent(
                type: type.isEmpty ? "message" : String(decoding: type, as: UTF8.self), data: String(decoding: data, as: UTF8.self),
                id: String(decoding: id, as: UTF8.self), retry: retry)
        }
    }

    private let maxEventSize: Int
    /// A line that began in an earlier chunk, gathered until its end arrives.
    private var line: [UInt8] = []
    /// The event's data lines, each followed by a line feed, once they have been copied.
    private var data: [UInt8] = []
    private var hasData = false
    /// The event's one data line so far, where it is in the bytes being fed: copied into `data`
    /// when a second data line comes or before `feed` returns (the bytes are about to go).
    private var pendingData: UnsafeBufferPointer<UInt8>?
    /// The event type buffer and the last event ID buffer, as bytes.
    private var eventType: [UInt8] = []
    private var lastEventID: [UInt8] = []
    /// The reconnection time the stream last set (`retry:`), in milliseconds.
    private var retry: Int?
    /// Whether the first bytes (and a BOM) have been looked at.
    private var started = false
    private var bomBytesSeen = 0
    /// The last chunk ended with a CR: an LF at the start of the next ends no second line.
    private var afterCR = false

    /// Creates a parser that refuses events over `maxEventSize` bytes.
    package init(maxEventSize: Int) {
        self.maxEventSize = max(1, maxEventSize)
    }

    /// Feeds the next bytes; `dispatch` receives each complete event in order and may return
    /// `false` to stop (the rest of `bytes` is then not read).
    package mutating func feed(_ bytes: some Sequence<UInt8>, dispatch: (ServerSentEvent) -> Bool) throws(ParseFailure) {
        let contiguous = Array(bytes)
        try withoutActuallyEscaping(dispatch) { (dispatch) throws(ParseFailure) in
            var sink = ClosureSink(dispatch: dispatch)
            try contiguous.withUnsafeBufferPointer { (buffer) throws(ParseFailure) in try feed(buffer, into: &sink) }
        }
    }

    /// Feeds the next bytes; `sink` takes each complete event in order and may stop the parse
    /// (the rest of `bytes` is then not read).
    package mutating func feed<Sink: EventStreamSink>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) throws(ParseFailure) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = bytes.count
        var index = 0
        if !started {
            index = try skipBOM(bytes)
            guard index < end else { return }
        }
        defer { keepPendingData() }
        if afterCR {
            afterCR = false
            if base[index] == 0x0A { index += 1 }
        }
        // Event streams seldom hold a CR: one search finds that a chunk has none, and lines are
        // then found by their LF alone.
        var nextCR = -1
        while index < end {
            if nextCR < index { nextCR = Self.find(0x0D, in: base, from: index, to: end) }
            // A blank line (the end of an event) needs no search.
            let stop = base[index] == 0x0A ? index : Self.find(0x0A, in: base, from: index, to: nextCR)
            let run = UnsafeBufferPointer(start: base + index, count: stop - index)
            guard stop < end else {
                try gather(run)
                return
            }
            index = stop + 1
            if base[stop] == 0x0D {
                if index == end {
                    afterCR = true
                } else if base[index] == 0x0A {
                    index += 1
                }
            }
            if line.isEmpty {
                // Most lines are a blank line or an event's one `data:` line: read here, with no call.
                if run.isEmpty {
                    if !dispatchEvent(into: &sink) { return }
                    continue
                }
                if !hasData, run.count >= 5, run[0] == 0x64, run[1] == 0x61, run[2] == 0x74, run[3] == 0x61, run[4] == 0x3A {
                    if run.count + heldData > maxEventSize { throw .eventTooLarge }
                    let valueStart = run.count > 5 && run[5] == 0x20 ? 6 : 5
                    pendingData = UnsafeBufferPointer(rebasing: run[valueStart...])
                    hasData = true
                    continue
                }
                if try !endLine(run, inPlace: true, into: &sink) { return }
            } else {
                try gather(run)
                if try !endGatheredLine(into: &sink) { return }
            }
        }
    }

    /// Skips a BOM (EF BB BF) at the very start, once, even split across chunks; a partial one is
    /// the start of a line. Returns where the stream's lines begin in `bytes`.
    private mutating func skipBOM(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseFailure) -> Int {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var index = 0
        while !started, index < bytes.count {
            if bytes[index] == bom[bomBytesSeen] {
                bomBytesSeen += 1
                index += 1
                if bomBytesSeen == 3 { started = true }
                continue
            }
            started = true
            let seen = bomBytesSeen
            bomBytesSeen = 0
            try bom[0..<seen].withUnsafeBufferPointer { (partial) throws(ParseFailure) in try gather(partial) }
        }
        return index
    }

    /// The data held for the event so far, in bytes, each line with its line feed.
    private var heldData: Int {
        data.count + (pendingData.map { $0.count + 1 } ?? 0)
    }

    /// Adds bytes to the line being gathered across chunks.
    private mutating func gather(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseFailure) {
        if line.count + bytes.count + heldData > maxEventSize { throw .eventTooLarge }
        line.append(contentsOf: bytes)
    }

    /// Ends the line gathered in `line`; it is moved out while it is read, as `endLine` changes
    /// the parser.
    private mutating func endGatheredLine<Sink: EventStreamSink>(into sink: inout Sink) throws(ParseFailure) -> Bool {
        var gathered: [UInt8] = []
        swap(&gathered, &line)
        defer {
            gathered.removeAll(keepingCapacity: true)
            swap(&gathered, &line)
        }
        return try gathered.withUnsafeBufferPointer { (gathered) throws(ParseFailure) in try endLine(gathered, inPlace: false, into: &sink) }
    }

    /// Copies the pending data line into `data`: the bytes it points into are about to go.
    private mutating func keepPendingData() {
        guard let pending = pendingData else { return }
        data.append(contentsOf: pending)
        data.append(0x0A)
        pendingData = nil
    }

    /// Reads one line; `inPlace` when it lies in the bytes being fed. Returns whether to read on.
    private mutating func endLine<Sink: EventStreamSink>(
        _ line: UnsafeBufferPointer<UInt8>, inPlace: Bool, into sink: inout Sink
    ) throws(ParseFailure) -> Bool {
        guard let first = line.first else { return dispatchEvent(into: &sink) }
        if inPlace, line.count + heldData > maxEventSize { throw .eventTooLarge }
        if first == UInt8(ascii: ":") { return true }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: line[valueStart...])
        switch Field(UnsafeBufferPointer(rebasing: line[..<colon])) {
        case .data:
            if heldData + value.count + 1 > maxEventSize { throw .eventTooLarge }
            if inPlace, !hasData {
                pendingData = value
                hasData = true
                return true
            }
            keepPendingData()
            data.append(contentsOf: value)
            data.append(0x0A)
            hasData = true
        case .event:
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        case .id where !value.contains(0):
            lastEventID.removeAll(keepingCapacity: true)
            lastEventID.append(contentsOf: value)
        case .retry where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
            retry = Int(String(decoding: value, as: UTF8.self)) ?? retry
        default:
            break
        }
        return true
    }

    /// Dispatches the event read so far, at a blank line, and starts the next.
    private mutating func dispatchEvent<Sink: EventStreamSink>(into sink: inout Sink) -> Bool {
        guard hasData else {
            if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
            return true
        }
        let going: Bool
        if let pending = pendingData {
            if eventType.isEmpty, lastEventID.isEmpty {
                going = sink.take(RawEvent(type: Self.none, data: pending, id: Self.none, retry: retry))
            } else {
                going = send(pending, into: &sink)
            }
            pendingData = nil
        } else {
            // The data's last line feed is not part of it.
            going = data.withUnsafeBufferPointer { lines in send(UnsafeBufferPointer(rebasing: lines.dropLast()), into: &sink) }
            data.removeAll(keepingCapacity: true)
        }
        hasData = false
        if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
        return going
    }

    /// Gives `sink` an event with `data`: the type and id buffers are opened only when they hold
    /// something (most events have neither).
    private func send<Sink: EventStreamSink>(_ data: UnsafeBufferPointer<UInt8>, into sink: inout Sink) -> Bool {
        let none = Self.none
        switch (eventType.isEmpty, lastEventID.isEmpty) {
        case (true, true):
            return sink.take(RawEvent(type: none, data: data, id: none, retry: retry))
        case (true, false):
            return lastEventID.withUnsafeBufferPointer { sink.take(RawEvent(type: none, data: data, id: $0, retry: retry)) }
        default:
            return eventType.withUnsafeBufferPointer { type in
                lastEventID.withUnsafeBufferPointer { id in sink.take(RawEvent(type: type, data: data, id: id, retry: retry)) }
            }
        }
    }

    /// No bytes: the type or id of an event that has none.
    private static var none: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    /// The fields the standard knows, told apart by their bytes (no string is made for a name).
    private enum Field {
        case event, data, id, retry, other

        init(_ name: UnsafeBufferPointer<UInt8>) {
            switch name.count {
            case 4 where name[0] == 0x64 && name[1] == 0x61 && name[2] == 0x74 && name[3] == 0x61: self = .data  // data
            case 5 where name[0] == 0x65 && name[1] == 0x76 && name[2] == 0x65 && name[3] == 0x6E && name[4] == 0x74: self = .event
            case 2 where name[0] == 0x69 && name[1] == 0x64: self = .id
            case 5 where name[0] == 0x72 && name[1] == 0x65 && name[2] == 0x74 && name[3] == 0x72 && name[4] == 0x79: self = .retry
            default: self = .other
            }
        }
    }

    /// The index of the first `byte` in `base[start..<end]`, or `end` when there is none.
    private static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The events of `feed(_:dispatch:)`, given to a closure.
    private struct ClosureSink: EventStreamSink {
        let dispatch: (ServerSentEvent) -> Bool

        mutating func take(_ event: RawEvent) -> Bool { dispatch(event.event) }
    }
}
