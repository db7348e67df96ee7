import ArgumentParser
import RestRun

/// `--timeout 5`, `--connect-timeout 500ms`: seconds, as curl and Hurl take them, or a duration.
struct DurationArgument: ExpressibleByArgument, Sendable {
    /// The duration.
    var duration: Duration

    init?(argument: String) {
        if let duration = DurationText.parse(argument) {
            self.duration = duration
            return
        }
        guard argument.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(argument), value.isFinite,
              let duration = DurationText.parse("\(value)s")
        else { return nil }
        self.duration = duration
    }
}
