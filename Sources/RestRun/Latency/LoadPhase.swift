/// One phase of an open-model load profile: `duration` long, from `rate` iterations a second to
/// `to` (a linear ramp), or at `rate` throughout.
package struct LoadPhase: Sendable, Equatable {
    /// How long the phase lasts.
    package var duration: Duration
    /// Iterations a second at its start.
    package var rate: Double
    /// Iterations a second at its end, when it ramps.
    package var to: Double?

    /// A phase.
    package init(duration: Duration, rate: Double, to: Double? = nil) {
        self.duration = duration
        self.rate = rate
        self.to = to
    }

    /// Its length in seconds.
    package var seconds: Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The rate at its end.
    package var endRate: Double { to ?? rate }

    /// How many iterations it schedules in its first `elapsed` seconds: the rate's integral.
    package func count(after elapsed: Double) -> Double {
        let time = Swift.min(Swift.max(elapsed, 0), seconds)
        guard seconds > 0 else { return 0 }
        let slope = (endRate - rate) / seconds
        return rate * time + slope * time * time / 2
    }

    /// When, in seconds from its start, its integral reaches `count`; nil past its end.
    package func time(ofCount count: Double) -> Double? {
        guard count <= self.count(after: seconds) + 1e-9 else { return nil }
        let slope = seconds > 0 ? (endRate - rate) / seconds : 0
        if abs(slope) < 1e-12 {
            return rate > 0 ? count / rate : nil
        }
        let discriminant = rate * rate + 2 * slope * count
        guard discriminant >= 0 else { return nil }
        return Swift.min((-rate + discriminant.squareRoot()) / slope, seconds)
    }

    /// `10s at 20/s to 200/s`.
    package var description: String {
        let start = LoadRate.format(rate)
        return "\(DurationText.format(duration)) at \(start)" + (to.map { " to \(LoadRate.format($0))" } ?? "")
    }
}
