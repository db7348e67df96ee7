/// Reads a `text/event-stream` body as it arrives, exactly as the WHATWG HTML standard's
/// "Parsing an event stream" says: a leading BOM is skipped; lines end with CRLF, LF or CR (a CR
/// at the end of one chunk and an LF at the start of the next are one line end); `:` starts a
/// comment; `event`, `data`, `id` and `retry` are the fields and every other is ignored; an event
/// is dispatched at a blank line only, and one still open when the stream ends is dropped.
///
/// An event whose data, or a line, grows past `maxEventSize` bytes stops the parse: the body is
/// never held whole, so an endless line or event costs no more than that.
package struct EventStreamParser: Sendable {
    /// Why the stream cannot be read on.
    package enum Failure: Error, Equatable {
        /// An event (or one line) is larger than the limit.
        case eventTooLarge
    }

    private let maxEventSize: Int
    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    private var lastEventID = ""
    private var retry: Int?
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
        for byte in bytes {
            if !started {
                // The BOM (EF BB BF) is dropped once, at the very start; a partial one is data.
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if byte == bom[bomBytesSeen] {
                    bomBytesSeen += 1
                    if bomBytesSeen == 3 { started = true }
                    continue
                }
                started = true
                let seen = bomBytesSeen
                bomBytesSeen = 0
                for index in 0..<seen where try !take(bom[index], dispatch: dispatch) { return }
            }
            if try !take(byte, dispatch: dispatch) { return }
        }
    }

    private mutating func take(_ byte: UInt8, dispatch: (ServerSentEvent) -> Bool) throws(Failure) -> Bool {
        switch byte {
        case 0x0A where afterCR:
            afterCR = false
            return true
        case 0x0A, 0x0D:
            afterCR = byte == 0x0D
            return try endLine(dispatch: dispatch)
        default:
            afterCR = false
            if line.count + data.count >= maxEventSize { throw .eventTooLarge }
            line.append(byte)
            return true
        }
    }

    private mutating func endLine(dispatch: (ServerSentEvent) -> Bool) throws(Failure) -> Bool {
        defer { line.removeAll(keepingCapacity: line.capacity <= 4096) }
        guard !line.isEmpty else { return dispatchEvent(dispatch) }
        if line[0] == UInt8(ascii: ":") { return true }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = colon.map { line[..<$0] } ?? line[...]
        var valueStart = colon.map { $0 + 1 } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch String(decoding: name, as: UTF8.self) {
        case "event": eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if data.count + value.count + 1 > maxEventSize { throw .eventTooLarge }
            data.append(contentsOf: value)
            data.append(0x0A)
            hasData = true
        case "id" where !value.contains(0):
            lastEventID = String(decoding: value, as: UTF8.self)
        case "retry" where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
            retry = Int(String(decoding: value, as: UTF8.self)) ?? retry
        default: break
        }
        return true
    }

    private mutating func dispatchEvent(_ dispatch: (ServerSentEvent) -> Bool) -> Bool {
        defer {
            data.removeAll(keepingCapacity: data.capacity <= 4096)
            hasData = false
            eventType = ""
        }
        guard hasData else { return true }
        let text = String(decoding: data.dropLast(), as: UTF8.self)
        return dispatch(ServerSentEvent(type: eventType.isEmpty ? "message" : eventType, data: text, id: lastEventID, retry: retry))
    }
}
