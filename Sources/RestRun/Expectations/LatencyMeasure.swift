/// What a latency budget is over: each run's whole duration, or its time to the first event.
package enum LatencyMeasure: Sendable, Hashable {
    /// `duration:`: from sending to the last byte.
    case duration
    /// `first_event:`: from sending to the first event of a stream.
    case firstEvent

    /// The `expect:` key.
    package var key: String {
        switch self {
        case .duration: "duration"
        case .firstEvent: "first_event"
        }
    }
}
