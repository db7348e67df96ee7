import ArgumentParser
import RestRun

/// When to colour output.
enum ColorChoice: String, ChoiceArgument {
    case auto, always, never
}

/// The flags that shape what is printed, shared by `run` and `check`.
struct OutputOptions: ParsableArguments {
    /// `--color`'s help (`run` declares the option too).
    static let colorHelp: ArgumentHelp = "Colour: auto (on a terminal, unless NO_COLOR is set; the default), always, never."
    /// `--quiet`'s help.
    static let quietHelp: ArgumentHelp = "Print only failures and the summary."

    // No default value in the declaration: ArgumentParser describes a default by casting it to
    // `CaseIterable & RawRepresentable`, a search of every conformance record at each start-up.
    @Option(name: .long, help: colorHelp)
    var color: ColorChoice?

    @Flag(name: .long, help: quietHelp)
    var quiet = false

    init() {}

    /// The options as given to a command that declares them itself (`run`).
    init(color: ColorChoice?, quiet: Bool) {
        self.color = color
        self.quiet = quiet
    }

    /// Whether to colour text written to `sink`.
    func colors(for sink: any TextSink) -> Bool {
        switch color ?? .auto {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessEnvironment.current
            if environment["NO_COLOR"].map({ !$0.isEmpty }) == true { return false }
            if environment["TERM"] == "dumb" { return false }
            return sink.isTerminal
        }
    }
}
