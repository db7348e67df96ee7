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
/// An event whose data, or a line, grows past `maxEventSize` bytes stops the parse: the body is
/// never held whole, so an endless line or event costs no more than that.
package struct EventStreamParser {
    /// Why the stream cannot be read on.
    package enum Failure: Error, Equatable {
        /// An event (or one line) is larger than the limit.
        case eventTooLarge
    }

    private let maxEventSize: Int
    private var line: [UInt8] = []
    /// The event's data lines, each followed by a line feed.
    private var data: [UInt8] = []
    private var hasData = false
    /// The event's one data line so far, where it is in the bytes being fed (a line read in place
    /// and followed by the blank line in the same chunk, as most are, is never copied); copied
    /// into `data` before `feed` returns or when a second data line comes.
    private var pendingData: UnsafeBufferPointer<UInt8>?
    /// The event type buffer and the last event ID buffer, as bytes.
    private var eventType: [UInt8] = []
    private var lastEventID: [UInt8] = []
    /// The reconnection time the stream last set (`retry:`), in milliseconds.
    private var retry: Int?

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
    /// Whether the first bytes (and a BOM) have been looked at.
    private var started = false
    private var bomBytesSeen = 0
    /// The last byte was a CR: an LF right after it ends no second line.
    private var afterCR = false

    /// Creates a parser that refuses events over `maxEventSize` bytes.
    package init(maxEventSize: Int) {
        self.maxEventSize = max(1, maxEventSize)
    }

    /// Feeds the next bytes; `dispatch` receives each complete event in order and may return
    /// `false` to stop (the rest of `bytes` is then not read).
    package mutating func feed(_ bytes: some Sequence<UInt8>, dispatch: (ServerSentEvent) -> Bool) throws(Failure) {
        let contiguous = Array(bytes)
        try contiguous.withUnsafeBufferPointer { (buffer) throws(Failure) in
            try feed(buffer) { (raw: RawEvent) in dispatch(raw.event) }
        }
    }

    /// Feeds the next bytes, a line at a time: the bytes between line ends are appended in one go.
    package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, dispatch: (RawEvent) -> Bool) throws(Failure) {
        var index = 0
        let end = bytes.count
        while !started, index < end {
            // The BOM (EF BB BF) is dropped once, at the very start; a partial one is data.
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if bytes[index] == bom[bomBytesSeen] {
                bomBytesSeen += 1
                index += 1
                if bomBytesSeen == 3 { started = true }
                continue
            }
            started = true
            let seen = bomBytesSeen
            bomBytesSeen = 0
            try append(bom[0..<seen])
        }
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                index += 1
                if byte == 0x0A, afterCR {
                    afterCR = false
                    continue
                }
                afterCR = byte == 0x0D
                if afterCR, index < end, bytes[index] == 0x0A {
                    index += 1
                    afterCR = false
                }
                // A line that began in an earlier chunk was gathered in `line`; an empty one (the
                // blank line that ends an event, most often) needs no buffer opened.
                if line.isEmpty {
                    if try !endLine(UnsafeBufferPointer(start: nil, count: 0), inPlace: false, dispatch: dispatch) {
                        keepPendingData()
                        return
                    }
                    continue
                }
                let going = try line.withUnsafeBufferPointer { (gathered) throws(Failure) in try endLine(gathered, inPlace: false, dispatch: dispatch) }
                line.removeAll(keepingCapacity: true)
                if !going { return }
                continue
            }
            afterCR = false
            let stop = Self.lineEnd(in: bytes, from: index)
            let run = UnsafeBufferPointer(rebasing: bytes[index..<stop])
            if line.isEmpty, stop < end {
                // The whole line is in this chunk: it is read where it is, not copied.
                if run.count + data.count + (pendingData?.count ?? 0) > maxEventSize { throw .eventTooLarge }
                index = stop + 1
                afterCR = bytes[stop] == 0x0D
                if afterCR, index < end, bytes[index] == 0x0A {
                    index += 1
                    afterCR = false
                }
                if try !endLine(run, inPlace: true, dispatch: dispatch) {
                    keepPendingData()
                    return
                }
                continue
            }
            try append(run)
            index = stop
        }
        keepPendingData()
    }

    /// Adds bytes to the line being read.
    private mutating func append(_ bytes: some Collection<UInt8>) throws(Failure) {
        if line.count + bytes.count + data.count + (pendingData?.count ?? 0) > maxEventSize { throw .eventTooLarge }
        line.append(contentsOf: bytes)
    }

    /// Copies the pending data line into `data`: the bytes it points into are about to go.
    private mutating func keepPendingData() {
        guard let pending = pendingData else { return }
        data.append(contentsOf: pending)
        data.append(0x0A)
        pendingData = nil
    }

    private mutating func endLine(_ line: UnsafeBufferPointer<UInt8>, inPlace: Bool, dispatch: (RawEvent) -> Bool) throws(Failure) -> Bool {
        guard !line.isEmpty else { return dispatchEvent(dispatch) }
        if line[0] == UInt8(ascii: ":") { return true }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = UnsafeBufferPointer(rebasing: line[..<(colon ?? line.endIndex)])
        var valueStart = colon.map { $0 + 1 } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: line[valueStart...])
        switch Field(name) {
        case .event:
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        case .data:
            if data.count + (pendingData?.count ?? 0) + value.count + 1 > maxEventSize { throw .eventTooLarge }
            if inPlace, !hasData {
                pendingData = value
                hasData = true
                return true
            }
            keepPendingData()
            data.append(contentsOf: value)
            data.append(0x0A)
            hasData = true
        case .id where !value.contains(0):
            lastEventID.removeAll(keepingCapacity: true)
            lastEventID.append(contentsOf: value)
        case .retry where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
            retry = Int(String(decoding: value, as: UTF8.self)) ?? retry
        default: break
        }
        return true
    }

    private mutating func dispatchEvent(_ dispatch: (RawEvent) -> Bool) -> Bool {
        guard hasData else {
            if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
            return true
        }
        // Most events have one data line (read in place), no type and no id: no buffer is opened then.
        let going: Bool
        if let pending = pendingData {
            going = send(pending, dispatch)
        } else {
            let lines = data
            going = lines.withUnsafeBufferPointer { lines in send(UnsafeBufferPointer(rebasing: lines.dropLast()), dispatch) }
        }
        pendingData = nil
        if !data.isEmpty { data.removeAll(keepingCapacity: true) }
        hasData = false
        if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
        return going
    }

    /// Dispatches an event with `data`: the type and id buffers are opened only when they hold
    /// something (most events have neither).
    private mutating func send(_ data: UnsafeBufferPointer<UInt8>, _ dispatch: (RawEvent) -> Bool) -> Bool {
        let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        switch (eventType.isEmpty, lastEventID.isEmpty) {
        case (true, true): return dispatch(RawEvent(type: none, data: data, id: none, retry: retry))
        case (true, false): return lastEventID.withUnsafeBufferPointer { dispatch(RawEvent(type: none, data: data, id: $0, retry: retry)) }
        default:
            return eventType.withUnsafeBufferPointer { type in
                lastEventID.withUnsafeBufferPointer { id in dispatch(RawEvent(type: type, data: data, id: id, retry: retry)) }
            }
        }
    }

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

    /// The index of the first CR or LF in `bytes` at or after `start` (`bytes.count` when none),
    /// found with `memchr`: event streams end lines with LF, so a CR is looked for only before it.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        let from = base + start
        let remaining = bytes.count - start
        let origin = UnsafeRawPointer(base)
        let lineFeed = memchr(from, 0x0A, remaining).map { UnsafeRawPointer($0) - origin } ?? bytes.count
        let carriageReturn = memchr(from, 0x0D, lineFeed - start).map { UnsafeRawPointer($0) - origin }
        return carriageReturn ?? lineFeed
    }
}
