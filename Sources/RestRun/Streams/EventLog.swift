/// A stream's events as they arrived, packed: the bytes of every event's data, type and id in one
/// buffer, and a plain record per event, so that keeping an event costs a copy of its bytes and
/// no allocation or reference count of its own. Events are made into `ServerSentEvent`s (and
/// values) only when something reads them.
package struct EventLog: Sendable {
    /// Where one event's fields are in `bytes`.
    private struct Record: Sendable {
        var data: Range<Int>
        /// Empty for `message`.
        var type: Range<Int>
        var id: Range<Int>
        var retry: Int?
    }

    private var bytes: [UInt8] = []
    private var records: [Record] = []

    /// An empty log.
    package init() {}

    /// A log of `events`.
    package init(_ events: [ServerSentEvent]) {
        for event in events {
            append(type: event.type == "message" ? [] : Array(event.type.utf8), data: Array(event.data.utf8), id: Array(event.id.utf8), retry: event.retry)
        }
    }

    /// How many events.
    package var count: Int { records.count }
    /// Whether there are none.
    package var isEmpty: Bool { records.isEmpty }

    /// Keeps one event the parser dispatched.
    package mutating func append(_ raw: EventStreamParser.RawEvent) {
        append(type: raw.type, data: raw.data, id: raw.id, retry: raw.retry)
    }

    private mutating func append(
        type: some Collection<UInt8>, data: some Collection<UInt8>, id: some Collection<UInt8>, retry: Int?
    ) {
        let dataStart = bytes.count
        bytes.append(contentsOf: data)
        let typeStart = bytes.count
        if !type.isEmpty { bytes.append(contentsOf: type) }
        // The last event ID is usually the one before's: its bytes are kept once.
        var idRange: Range<Int>
        if id.isEmpty {
            idRange = 0..<0
        } else if let previous = records.last?.id, bytes[previous].elementsEqual(id) {
            idRange = previous
        } else {
            let idStart = bytes.count
            bytes.append(contentsOf: id)
            idRange = idStart..<bytes.count
        }
        records.append(Record(data: dataStart..<typeStart, type: typeStart..<(typeStart + type.count), id: idRange, retry: retry))
    }

    /// The event at `index`.
    package subscript(index: Int) -> ServerSentEvent {
        let record = records[index]
        return bytes.withUnsafeBufferPointer { bytes in
            ServerSentEvent(
                type: record.type.isEmpty ? "message" : String(decoding: UnsafeBufferPointer(rebasing: bytes[record.type]), as: UTF8.self),
                data: String(decoding: UnsafeBufferPointer(rebasing: bytes[record.data]), as: UTF8.self),
                id: String(decoding: UnsafeBufferPointer(rebasing: bytes[record.id]), as: UTF8.self), retry: record.retry)
        }
    }

    /// Every event, in order.
    package var events: [ServerSentEvent] { (0..<count).map { self[$0] } }

    /// The log with every text redacted.
    package func redacted(by redactor: Redactor) -> EventLog {
        redactor.isEmpty ? self : EventLog(events.map { $0.redacted(by: redactor) })
    }
}
