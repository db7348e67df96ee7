import ArgumentParser
import RestRun
import RestRunFuzzing

/// `rest-run fuzz`'s seed, sizes, pace and checks.
struct FuzzOptions: ParsableArguments {
    @Option(name: .customLong("seed"), help: ArgumentHelp("The seed: the same seed sends the same requests; default a new one (printed).", valueName: "N"))
    var seed: UInt64?

    @Option(name: .customLong("max-examples"), help: ArgumentHelp("Cases per operation (per tool of an MCP server: positive ones, and as many negative).", valueName: "N"))
    var maxExamples = 100

    @Option(name: .customLong("timeout"), help: ArgumentHelp("How long a request (an MCP tool call) may take before it is a hang; default 10s.", valueName: "DURATION"))
    var timeout: DurationArgument?

    @Option(name: .customLong("time-limit"), help: ArgumentHelp("Stop after this long (30s, 5m).", valueName: "DURATION"))
    var timeLimit: DurationArgument?

    @Option(name: .customLong("max-requests"), help: ArgumentHelp("Stop after this many requests.", valueName: "N"))
    var maxRequests: Int?

    @Option(name: .customLong("rate"), help: ArgumentHelp("At most this many requests a second (50/s); 429 answers wait as Retry-After says.", valueName: "N/s"))
    var rate: String?

    @Option(name: .customLong("jobs"), help: ArgumentHelp("Operations fuzzed at once.", valueName: "N"))
    var jobs = 1

    @Option(name: .customLong("checks"), help: ArgumentHelp(
        "The checks to make, comma-separated, by Schemathesis's names; 'all' makes every one (positive_data_acceptance too) in its strict form. Default: all but positive_data_acceptance.",
        valueName: "all|NAME,..."))
    var checks: String?

    @Option(name: .customLong("exclude-checks"), help: ArgumentHelp("Checks not to make, comma-separated.", valueName: "NAME,..."))
    var excludeChecks: String?

    func validate() throws {
        if maxExamples < 1 { throw ValidationError("--max-examples must be at least 1") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let maxRequests, maxRequests < 1 { throw ValidationError("--max-requests must be at least 1") }
        if let rate, Self.rate(rate) == nil { throw ValidationError("--rate takes requests a second, such as 50/s, found '\(rate)'") }
        _ = try Self.checkNames(checks, option: "--checks")
        _ = try Self.checkNames(excludeChecks, option: "--exclude-checks")
    }

    /// `settings` with these options set (a seed drawn when none is given).
    func apply(to settings: inout FuzzSettings) throws {
        settings.seed = seed ?? UInt64.random(in: 1...999_999)
        settings.maxExamples = maxExamples
        settings.timeLimit = timeLimit?.duration
        settings.maxRequests = maxRequests
        settings.rate = rate.flatMap(Self.rate)
        settings.jobs = jobs
        settings.checksAll = checks?.split(separator: ",").contains { $0.trimmingCharacters(in: " ") == "all" } == true
        settings.checks = (try Self.checkNames(checks, option: "--checks") ?? FuzzCheck.defaults)
            .subtracting(try Self.checkNames(excludeChecks, option: "--exclude-checks") ?? [])
    }

    /// The checks a comma-separated list names (nil when none is given); `all` names every one.
    static func checkNames(_ text: String?, option: String) throws -> Set<FuzzCheck>? {
        guard let text else { return nil }
        var named = Set<FuzzCheck>()
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: " ") }) where !word.isEmpty {
            if word == "all" {
                named.formUnion(FuzzCheck.allCases)
                continue
            }
            guard let check = FuzzCheck(rawValue: word) else {
                let known = FuzzCheck.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: word, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("\(option): '\(word)' is not a check\(hint); the checks are all, " + known.joined(separator: ", "))
            }
            named.insert(check)
        }
        guard !named.isEmpty else { throw ValidationError("\(option) names no check") }
        return named
    }

    /// `50/s`, `50`, `0.5/s`.
    static func rate(_ text: String) -> Double? {
        let number = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
        guard let value = Double(number), value > 0, value.isFinite else { return nil }
        return value
    }
}
