import RestRun

/// Whether the fuzzer keeps connections open between requests. Keeping them is fastest, except
/// against a server that writes a response's head and its body apart with Nagle's algorithm on:
/// on a kept connection each body then waits for the client's delayed acknowledgement of the
/// head (40 ms on Linux), while a new connection acknowledges at once. The first requests are
/// timed both ways when the kept ones are slow, and the faster way stays.
struct ConnectionReuse: Sendable {
    /// Whether requests ask the server to close the connection after answering.
    private(set) var closes = false
    private var phase = Phase.timingKept
    private var kept: [Duration] = []
    private var closed: [Duration] = []
    private var windowStart = ContinuousClock.now
    private var windowCloses = 0

    private enum Phase {
        case timingKept, timingClosed, decided
    }

    /// How many answers each way is judged on.
    static let samples = 8
    /// Kept connections answering slower than this (the median) are timed against new ones.
    static let slow = Duration.milliseconds(20)
    /// New connections a minute past which connections are kept again, before the client runs
    /// out of local ports (the server holds each closed one for a while).
    static let closesPerMinute = 10_000

    /// Takes the time one answer took, on a connection that was closed after it or kept.
    mutating func record(_ duration: Duration, closed wasClosed: Bool) {
        switch phase {
        case .timingKept:
            guard !wasClosed else { return }
            kept.append(duration)
            guard kept.count == Self.samples else { return }
            if Self.median(kept) >= Self.slow {
                closes = true
                phase = .timingClosed
            } else {
                phase = .decided
            }
        case .timingClosed:
            guard wasClosed else { return }
            closed.append(duration)
            guard closed.count == Self.samples else { return }
            if Self.median(closed) * 3 > Self.median(kept) { closes = false }
            phase = .decided
        case .decided:
            guard closes else { return }
            let now = ContinuousClock.now
            if now - windowStart > .seconds(60) {
                windowStart = now
                windowCloses = 0
            }
            windowCloses += 1
            if windowCloses > Self.closesPerMinute { closes = false }
        }
    }

    private static func median(_ durations: [Duration]) -> Duration {
        let sorted = durations.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }
}
