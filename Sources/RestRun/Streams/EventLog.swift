/// A stream's events as they arrived, packed: the bytes of the events' data and types in a few
/// large chunks, and a plain record per event, so that keeping an event costs a copy of its bytes
/// and no allocation or reference count of its own. Events are made into `ServerSentEvent`s (and
/// values) only when something reads them.
///
/// Neither the bytes nor the records are ever moved once written: a full chunk is left as it is
/// and a new one begun, so a long stream touches its memory once (a growing array would copy it
/// at each doubling, and every copy costs fresh pages).
package struct EventLog: Sendable {
    /// Where one event's data and type are: `chunks[chunk][start..<dataEnd]`, then the type up to
    /// `end` (empty for `message`).
    private struct Slot: Sendable {
        var chunk: Int
        var start: Int
        var dataEnd: Int
        var end: Int
    }

    /// The last event ID and reconnection time of the events from `first` on, until the next
    /// details: the same for most events in a row, so kept once for them all.
    private struct Details: Sendable {
        var first: Int
        var id: [UInt8]
        var retry: Int?
    }

    private static let chunkSize = 1 << 20
    private static let recordsPerChunk = 1 << 12

    /// The chunks filled so far, then the one being filled.
    private var chunks: [[UInt8]] = []
    private var chunk: [UInt8] = []
    /// The records of every `recordsPerChunk` events, then those of the last ones.
    private var records: [[Slot]] = []
    private var recent: [Slot] = []
    private var details = [Details(first: 0, id: [], retry: nil)]
    private(set) var count = 0

    /// An empty log.
    package init() {}

    /// A log of `events`.
    package init(_ events: [ServerSentEvent]) {
        for event in events {
            let type = event.type == "message" ? [] : Array(event.type.utf8)
            let data = Array(event.data.utf8), id = Array(event.id.utf8)
            type.withUnsafeBufferPointer { type in
                data.withUnsafeBufferPointer { data in
                    id.withUnsafeBufferPointer { id in append(EventStreamParser.RawEvent(type: type, data: data, id: id, retry: event.retry)) }
                }
            }
        }
    }

    /// Whether there are none.
    package var isEmpty: Bool { count == 0 }

    /// Keeps one event the parser dispatched.
    package mutating func append(_ raw: EventStreamParser.RawEvent) {
        let last = details[details.count - 1]
        if last.retry != raw.retry || last.id.count != raw.id.count || (!raw.id.isEmpty && !last.id.elementsEqual(raw.id)) {
            details.append(Details(first: count, id: Array(raw.id), retry: raw.retry))
        }
        let size = raw.data.count + raw.type.count
        if chunk.capacity - chunk.count < size {
            if !chunk.isEmpty { chunks.append(chunk) }
            // Chunks start small, for the many short streams, and double up to `chunkSize`; the
            // room reserved is not touched (nor paged in) until events fill it.
            let next = max(size, min(Self.chunkSize, max(4096, 2 * chunk.capacity)))
            chunk = []
            chunk.reserveCapacity(next)
        }
        let start = chunk.count
        chunk.append(contentsOf: raw.data)
        let dataEnd = chunk.count
        if !raw.type.isEmpty { chunk.append(contentsOf: raw.type) }
        if recent.count == Self.recordsPerChunk {
            records.append(recent)
            recent = []
        }
        if recent.isEmpty { recent.reserveCapacity(Self.recordsPerChunk) }
        recent.append(Slot(chunk: chunks.count, start: start, dataEnd: dataEnd, end: chunk.count))
        count += 1
    }

    /// The event at `index`.
    package subscript(index: Int) -> ServerSentEvent {
        let block = index / Self.recordsPerChunk
        let record = block < records.count ? records[block][index % Self.recordsPerChunk] : recent[index % Self.recordsPerChunk]
        // The details in force: the last whose first event is at or before `index`.
        var low = 0, high = details.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if details[middle].first <= index { low = middle } else { high = middle - 1 }
        }
        let detail = details[low]
        return (record.chunk < chunks.count ? chunks[record.chunk] : chunk).withUnsafeBufferPointer { bytes in
            ServerSentEvent(
                type: record.dataEnd == record.end
                    ? "message" : String(decoding: UnsafeBufferPointer(rebasing: bytes[record.dataEnd..<record.end]), as: UTF8.self),
                data: String(decoding: UnsafeBufferPointer(rebasing: bytes[record.start..<record.dataEnd]), as: UTF8.self),
                id: String(decoding: detail.id, as: UTF8.self), retry: detail.retry)
        }
    }

    /// Every event, in order.
    package var events: [ServerSentEvent] { (0..<count).map { self[$0] } }

    /// The log with every text redacted.
    package func redacted(by redactor: Redactor) -> EventLog {
        redactor.isEmpty ? self : EventLog(events.map { $0.redacted(by: redactor) })
    }
}
