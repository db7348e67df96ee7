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

    private let reading: EventStreamReading
    /// `max_events`, and the most events kept (read once: the settings are a struct of arrays).
    private let maxEvents: Int?
    private let eventLimit: Int
    private let limit: Int
    private let keepsBody: Bool
    /// When the request was sent (its last byte written): `first_event` counts from here, as the
    /// server's own clock would from receiving it. Until then, when the attempt began.
    private var sent: ContinuousClock.Instant
    private let observers: [@Sendable (ServerSentEvent, Int) -> Void]
    private var parser: EventStreamParser
    private(set) var head: HTTPResponseHead?
    private(set) var body: [UInt8] = []
    private(set) var size = 0
    private(set) var received = ReceivedStream()
    /// Why the parse stopped with an error, if it did.
    private(set) var failure: EventStreamParser.Failure?
    private(set) var tooManyEvents = false

    init(
        reading: EventStreamReading, limit: Int, keepsBody: Bool, start: ContinuousClock.Instant,
        observers: [@Sendable (ServerSentEvent, Int) -> Void]
    ) {
        self.reading = reading
        self.limit = limit
        self.keepsBody = keepsBody
        sent = start
        self.observers = observers
        parser = EventStreamParser(maxEventSize: reading.settings.maxEventSize)
        maxEvents = reading.settings.maxEvents
        eventLimit = reading.settings.maxEvents ?? EventStreamSettings.eventLimit
    }

    func didSendRequest(task: HTTPClient.Task<Void>) {
        sent = ContinuousClock.now
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        let type = head.headers.first(name: "Content-Type").map { MediaType.essence($0) } ?? ""
        received.isEventStream = type == "text/event-stream"
        if received.isEventStream {
            let version = head.version.major == 2 ? "2" : "\(head.version.major).\(head.version.minor)"
            let line = ServerSentEvent(data: "HTTP/\(version) \(head.status.code) \(head.status.reasonPhrase)")
            for observer in observers { observer(line, 0) }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        size += buffer.readableBytes
        if size > limit { return task.eventLoop.makeFailedFuture(NIOTooManyBytesError(maxBytes: limit)) }
        if keepsBody || !received.isEventStream { body.append(contentsOf: buffer.readableBytesView) }
        guard received.isEventStream else { return task.eventLoop.makeSucceededVoidFuture() }
        var stopped = false
        buffer.withUnsafeReadableBytes { raw in
            do {
                try parser.feed(raw.assumingMemoryBound(to: UInt8.self)) { (event: EventStreamParser.RawEvent) in
                    stopped = take(event)
                    return !stopped
                }
            } catch let error as EventStreamParser.Failure {
                failure = error
            } catch {
                failure = .eventTooLarge
            }
        }
        if let failure { return task.eventLoop.makeFailedFuture(failure) }
        if tooManyEvents { return task.eventLoop.makeFailedFuture(TooManyEvents()) }
        return stopped ? task.eventLoop.makeFailedFuture(Stop()) : task.eventLoop.makeSucceededVoidFuture()
    }

    /// Keeps one event; returns whether reading stops here.
    private func take(_ event: EventStreamParser.RawEvent) -> Bool {
        if received.firstEvent == nil { received.firstEvent = ContinuousClock.now - sent }
        guard received.events.count < eventLimit else {
            tooManyEvents = true
            return true
        }
        received.events.append(event)
        if !observers.isEmpty {
            let shown = event.event
            for observer in observers { observer(shown, received.events.count) }
        }
        if reading.meetsUntil(event) {
            received.end = .untilMet
            return true
        }
        if let maxEvents, received.events.count >= maxEvents {
            received.end = .maxEvents
            return true
        }
        return false
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        guard head != nil else { throw HTTPClientError.remoteConnectionClosed }
    }
}
