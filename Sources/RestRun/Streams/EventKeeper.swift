/// Keeps the events a stream's parser dispatches, in the order they come, and says when reading
/// stops: `until` held, `max_events` arrived, or more than `EventStreamSettings.eventLimit` came.
struct EventKeeper: EventStreamSink {
    /// What was received so far.
    private(set) var received = ReceivedStream()
    /// More events came than may be kept.
    private(set) var tooManyEvents = false
    /// When the request was sent: `first_event` counts from here.
    var sent: ContinuousClock.Instant
    private let reading: EventStreamReading
    /// `until: { $.data: TEXT }`'s text, compared here so that most events need no call.
    private let untilData: [UInt8]?
    private let maxEvents: Int?
    private let eventLimit: Int
    private let observers: [@Sendable (ServerSentEvent, Int) -> Void]

    /// Keeps events as `reading` says, showing each to `observers`.
    init(reading: EventStreamReading, sent: ContinuousClock.Instant, observers: [@Sendable (ServerSentEvent, Int) -> Void]) {
        self.reading = reading
        self.sent = sent
        self.observers = observers
        untilData = reading.dataEquals
        maxEvents = reading.settings.maxEvents
        eventLimit = reading.settings.maxEvents ?? EventStreamSettings.eventLimit
    }

    /// Whether the response is a `text/event-stream` (set when its head arrives).
    var isEventStream: Bool {
        get { received.isEventStream }
        set { received.isEventStream = newValue }
    }

    /// Whether reading stopped before the stream ended.
    var stopped: Bool { tooManyEvents || received.end != .closed }

    mutating func take(_ event: EventStreamParser.RawEvent) -> Bool {
        if received.firstEvent == nil { received.firstEvent = ContinuousClock.now - sent }
        guard received.events.count < eventLimit else {
            tooManyEvents = true
            return false
        }
        received.events.append(event)
        if !observers.isEmpty {
            let shown = event.event
            for observer in observers { observer(shown, received.events.count) }
        }
        let met = if let untilData { event.data.count == untilData.count && event.data.elementsEqual(untilData) } else { reading.meetsUntil(event) }
        if met {
            received.end = .untilMet
            return false
        }
        if let maxEvents, received.events.count >= maxEvents {
            received.end = .maxEvents
            return false
        }
        return true
    }
}
