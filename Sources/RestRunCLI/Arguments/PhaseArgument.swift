import ArgumentParser
import RestRun

/// `--phase 10s:20/s-200/s` (a ramp) or `--phase 30s:200/s` (a constant rate).
struct PhaseArgument: ExpressibleByArgument, Sendable {
    /// The phase.
    var phase: LoadPhase

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":"), let duration = DurationText.parse(String(argument[..<colon])) else { return nil }
        let rates = argument[argument.index(after: colon)...].split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(rates.count), let rate = LoadRate.parse(String(rates[0])) else { return nil }
        var to: Double?
        if rates.count == 2 {
            guard let end = LoadRate.parse(String(rates[1])) else { return nil }
            to = end
        }
        phase = LoadPhase(duration: duration, rate: rate, to: to)
    }
}
