import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Reads a response with `stream:` as it arrives: a `text/event-stream` body is parsed event by
/// event (nothing else is), each event is shown to the observers, and reading stops at the end,
/// when `until` holds, or after `max_events`. A response that is not an event stream is collected
/// as a body, up to `max_body`.
///
/// `@unchecked Sendable`: AsyncHTTPClient calls every method of a delegate on the request's event
/// loop, one call at a time, and the state is read only after the task's future has completed.
final class EventStreamCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    /// Why a read was stopped early (not a failure: what arrived is the response).
    struct Stop: Error {}
    /// More events than `EventStreamSettings.eventLimit`.
    struct TooManyEvents: Error {}

    private let limit: Int
    private let keepsBody: Bool
    private let observers: [@Sendable (ServerSentEvent, Int) -> Void]
    private var parser: EventStreamParser
    private var keeper: EventKeeper
    private(set) var head: HTTPResponseHead?
    private(set) var body: [UInt8] = []
    private(set) var size = 0
    /// Why the parse stopped with an error, if it did.
    private(set) var failure: EventStreamParser.ParseFailure?
    private var inflater: BodyInflater?

    /// What was received so far.
    var received: ReceivedStream { keeper.received }
    /// More events came than may be kept.
    var tooManyEvents: Bool { keeper.tooManyEvents }

    /// A collector for `reading`'s response; `start` is when the attempt began (`first_event`
    /// counts from it until the request has been sent).
    init(
        reading: EventStreamReading, limit: Int, keepsBody: Bool, start: ContinuousClock.Instant,
        observers: [@Sendable (ServerSentEvent, Int) -> Void]
    ) {
        self.limit = limit
        self.keepsBody = keepsBody
        self.observers = observers
        parser = EventStreamParser(maxEventSize: reading.settings.maxEventSize)
        keeper = EventKeeper(reading: reading, sent: start, observers: observers)
    }

    func didSendRequest(task: HTTPClient.Task<Void>) {
        keeper.sent = ContinuousClock.now
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        inflater = BodyInflater.forResponse(headers: head.headers)
        let type = head.headers.first(name: "Content-Type").map { MediaType.essence($0) } ?? ""
        keeper.isEventStream = type == "text/event-stream"
        if keeper.isEventStream {
            let version = head.version.major == 2 ? "2" : "\(head.version.major).\(head.version.minor)"
            let line = ServerSentEvent(data: "HTTP/\(version) \(head.status.code) \(head.status.reasonPhrase)")
            for observer in observers { observer(line, 0) }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        BodyInflater.read(buffer, through: inflater, on: task.eventLoop, into: consume)
    }

    /// Reads bytes of the body (decompressed, when it was sent compressed): kept, and parsed as
    /// events when it is an event stream; throws to stop the read.
    private func consume(_ bytes: UnsafeRawBufferPointer) throws {
        size += bytes.count
        if size > limit { throw NIOTooManyBytesError(maxBytes: limit) }
        if keepsBody || !keeper.isEventStream { body.append(contentsOf: bytes) }
        guard keeper.isEventStream else { return }
        do throws(EventStreamParser.ParseFailure) {
            try parser.feed(bytes.assumingMemoryBound(to: UInt8.self), into: &keeper)
        } catch {
            failure = error
            throw error
        }
        if keeper.tooManyEvents { throw TooManyEvents() }
        if keeper.stopped { throw Stop() }
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        guard head != nil else { throw HTTPClientError.remoteConnectionClosed }
        try inflater?.finish()
    }
}
