/// The open model's schedule: when each iteration starts, in seconds from the run's start. The
/// k-th (from 0) starts when the rate's integral reaches k, so a ramp's iterations come closer
/// together as it climbs, and every phase's count is its rate's integral.
struct LoadSchedule {
    private let phases: [LoadPhase]
    private var phase = 0
    private var phaseStart = 0.0
    private var countBefore = 0.0
    private var next = 0

    init(_ profile: LoadProfile) {
        phases = profile.phases
    }

    /// The next iteration's start, or nil once the last phase ends.
    mutating func nextTime() -> Double? {
        while phase < phases.count {
            let current = phases[phase]
            let phaseCount = current.count(after: current.seconds)
            let wanted = Double(next) - countBefore
            if wanted < phaseCount - 1e-9, let time = current.time(ofCount: wanted) {
                next += 1
                return phaseStart + time
            }
            phaseStart += current.seconds
            countBefore += phaseCount
            phase += 1
        }
        return nil
    }
}
