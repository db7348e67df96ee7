import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// One attempt of a request with `stream:`: its events are read as they arrive, until the stream
/// ends or its settings stop it; a stall or a bad event fails it with the events so far.
package struct EventStreamExchange: WireExchange {
    /// How the events are read, and when reading stops.
    package var reading: EventStreamReading

    /// An exchange that reads with `reading`.
    package init(reading: EventStreamReading) {
        self.reading = reading
    }

    private var settings: EventStreamSettings { reading.settings }

    /// `within:`, when the stream sets it: the longest the whole stream may take.
    package var timeout: Duration? { reading.settings.within }

    /// Sends the request and reads its events as they arrive.
    package func exchange(_ request: PreparedRequest, through wire: WireContext) async throws -> Response {
        let pool = wire.pool
        let outgoing = try pool.parsedRequest(request, headers: HTTPHeaders(request.headers.fields.map { ($0.name, $0.value) }))
        let observers = wire.delegates.compactMap { ($0 as? any EventStreamObserver)?.eventObserver(for: request) }
        let collector = EventStreamCollector(
            reading: reading, limit: request.transport.effectiveMaxBody, keepsBody: request.keepsBody, start: wire.start, observers: observers)
        let task = pool.execute(outgoing, for: request, delegate: collector, deadline: wire.deadline)
        do {
            try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch is EventStreamCollector.Stop {
            // `until` held or `max_events` arrived: what came so far is the response.
        } catch {
            if Task.isCancelled { throw CancellationError() }
            var failure = streamFailure(error, request: request, collector: collector)
            failure.closedUnanswered = collector.head == nil && pool.connections.closedUnanswered(error, kind: failure.kind, logger: task.logger)
            throw failure
        }
        guard let head = collector.head else { throw NetworkError(classifying: HTTPClientError.remoteConnectionClosed, request: request) }
        var received = Response(
            status: Int(head.status.code), reason: head.status.reasonPhrase, headers: Headers(head.headers), body: collector.body,
            url: request.url, duration: ContinuousClock.now - wire.start)
        received.bodySize = collector.size
        if head.version.major == 2 { received.version = "2" }
        received.stream = collector.received
        return received
    }

    /// Why a stream failed, in one sentence, with its events so far.
    private func streamFailure(_ error: any Error, request: PreparedRequest, collector: EventStreamCollector) -> NetworkError {
        let events = collector.received.events
        let count = "\(events.count) event\(events.count == 1 ? "" : "s")"
        var failure: NetworkError
        if collector.failure == .eventTooLarge {
            failure = NetworkError(.bodyTooLarge,
                "an event of the stream from \(request.url) is larger than max_event_size (\(ByteCount.format(settings.maxEventSize))), after \(count)")
        } else if collector.tooManyEvents {
            failure = NetworkError(.bodyTooLarge,
                "the stream from \(request.url) sent more than \(EventStreamSettings.eventLimit) events: set max_events or until to stop it sooner")
        } else if collector.head != nil, let client = error as? HTTPClientError, client == .deadlineExceeded || client == .readTimeout {
            let limit = settings.within.map { "within \(DurationText.format($0))" }
                ?? "within the request's timeout (\(DurationText.format(request.transport.effectiveTimeout)))"
            let goal = settings.until.isEmpty
                ? (settings.maxEvents.map { "fewer than \($0) events arrived" } ?? "it did not end") : "'until' did not hold"
            failure = NetworkError(.timeout, "the event stream from \(request.url) stalled: \(goal) \(limit) (\(count) received)")
        } else {
            failure = NetworkError(classifying: error, request: request)
        }
        if collector.head != nil, collector.received.isEventStream {
            failure.notes = EventStreamText.notes(events)
            failure.events = events
        }
        return failure
    }
}
