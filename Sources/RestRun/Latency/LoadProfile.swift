/// How `rest-run load` starts iterations. Open model: `phases` of constant or ramping rates,
/// iterations started on schedule whether or not earlier ones have finished, at most
/// `maxInFlight` at once (one that finds no room is dropped). Closed model: `vus` loops back to
/// back for `duration`.
package struct LoadProfile: Sendable, Equatable {
    /// The default bound on iterations in flight.
    package static let defaultMaxInFlight = 1000

    /// The open model's phases, in order (empty in the closed model).
    package var phases: [LoadPhase] = []
    /// The most iterations in flight at once; nil for the default.
    package var maxInFlight: Int?
    /// The closed model's loops.
    package var vus: Int?
    /// The closed model's length.
    package var duration: Duration?

    /// A profile.
    package init(phases: [LoadPhase] = [], maxInFlight: Int? = nil, vus: Int? = nil, duration: Duration? = nil) {
        self.phases = phases
        self.maxInFlight = maxInFlight
        self.vus = vus
        self.duration = duration
    }

    /// Whether it is the closed model.
    package var isClosed: Bool { vus != nil }

    /// The bound on iterations in flight.
    package var inFlightLimit: Int { maxInFlight ?? Self.defaultMaxInFlight }

    /// How long it runs, in seconds.
    package var seconds: Double {
        if isClosed, let duration { return LoadPhase(duration: duration, rate: 0).seconds }
        return phases.reduce(0) { $0 + $1.seconds }
    }

    /// How many iterations the open model schedules in all: the k-th (from 0) starts when the
    /// rate's integral reaches k, so those whose time falls before the end.
    package var scheduledTotal: Int {
        let total = phases.reduce(0) { $0 + $1.count(after: $1.seconds) }
        return Swift.max(0, Int((total - 1e-9).rounded(.up)))
    }

    /// The share shard `index` of `count` applies: 1/count of every rate, of `max_in_flight` and
    /// of the loops (the first shards take one more loop when they do not divide evenly).
    package func sharded(_ index: Int, of count: Int) -> LoadProfile {
        guard count > 1 else { return self }
        var shard = self
        shard.phases = phases.map { LoadPhase(duration: $0.duration, rate: $0.rate / Double(count), to: $0.to.map { $0 / Double(count) }) }
        shard.maxInFlight = Swift.max(1, (inFlightLimit + count - 1) / count)
        if let vus { shard.vus = vus / count + (index - 1 < vus % count ? 1 : 0) }
        return shard
    }

    /// `10s at 20/s to 200/s, then 30s at 200/s; at most 500 in flight` or `8 loops for 30s`.
    package var description: String {
        if let vus {
            return "\(vus) loop\(vus == 1 ? "" : "s") for \(duration.map(DurationText.format) ?? "?")"
        }
        return phases.map(\.description).joined(separator: ", then ") + "; at most \(inFlightLimit) in flight"
    }
}
