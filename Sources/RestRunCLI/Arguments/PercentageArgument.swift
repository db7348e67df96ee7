import ArgumentParser

/// `--min-coverage 80`: a percentage from 0 to 100.
struct PercentageArgument: ExpressibleByArgument, Sendable {
    /// The percentage.
    var value: Double

    init?(argument: String) {
        guard let value = Double(argument), (0...100).contains(value) else { return nil }
        self.value = value
    }
}
