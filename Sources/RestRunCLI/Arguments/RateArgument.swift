import ArgumentParser
import RestRun

/// `--rate 200/s`.
struct RateArgument: ExpressibleByArgument, Sendable {
    /// Iterations a second.
    var perSecond: Double

    init?(argument: String) {
        guard let rate = LoadRate.parse(argument) else { return nil }
        perSecond = rate
    }
}
