import RestRunYAML

/// A file's `load:` key: the profile `rest-run load` applies to it and the thresholds it checks.
/// `run` reads it (so that a mistake is an error there too) and leaves it alone.
package struct LoadSettings: Sendable, Equatable {
    /// The profile; nil when the key gives thresholds only.
    package var profile: LoadProfile?
    /// The thresholds, whole-run and per-request.
    package var thresholds: [LoadThreshold] = []

    /// No profile, no thresholds.
    package init(profile: LoadProfile? = nil, thresholds: [LoadThreshold] = []) {
        self.profile = profile
        self.thresholds = thresholds
    }

    /// The keys of `load:`.
    static let keys = ["phases", "rate", "duration", "vus", "max_in_flight", "thresholds"]
    /// The keys of a phase.
    static let phaseKeys = ["duration", "rate", "to"]
    /// The comparisons a threshold's bound takes.
    static let comparisons = LoadThreshold.Comparison.allCases.map(\.rawValue)

    /// Reads `load:`; mistakes are reported at their line.
    static func read(_ node: Node, context: LoadContext) -> LoadSettings? {
        guard let fields = context.mapping(node, "'load'", allowed: keys) else { return nil }
        var settings = LoadSettings()
        var profile = LoadProfile()
        var rate: (Double, Node)?
        var duration: (Duration, Node)?
        var phasesNode: Node?
        for (key, value, _) in fields {
            switch key {
            case "phases": phasesNode = value
            case "rate": if let parsed = self.rate(value, "'rate'", context: context) { rate = (parsed, value) }
            case "duration": if let parsed = context.duration(value, "'duration'") { duration = (parsed, value) }
            case "vus": profile.vus = context.integer(value, "'vus'", minimum: 1)
            case "max_in_flight": profile.maxInFlight = context.integer(value, "'max_in_flight'", minimum: 1)
            default: settings.thresholds = thresholds(value, context: context)
            }
        }
        if let phasesNode {
            if let rate { context.error("give 'rate' and 'duration', or 'phases', not both", at: rate.1) }
            profile.phases = phases(phasesNode, context: context)
        } else if let rate {
            guard let duration else {
                context.error("'rate' needs a 'duration' (for example duration: 30s)", at: rate.1)
                return settings
            }
            profile.phases = [LoadPhase(duration: duration.0, rate: rate.0)]
        }
        if profile.vus != nil {
            if !profile.phases.isEmpty, let node = phasesNode ?? rate?.1 {
                context.error("'vus' is the closed model: it takes a 'duration', not rates or phases", at: node)
            }
            profile.phases = []
            profile.duration = duration?.0
            if duration == nil { context.error("'vus' needs a 'duration' (for example duration: 30s)", at: node) }
        }
        let hasProfile = profile.vus != nil || !profile.phases.isEmpty
        if hasProfile { settings.profile = profile }
        return settings
    }

    private static func rate(_ node: Node, _ what: String, context: LoadContext) -> Double? {
        let node = context.expanded(node)
        guard let text = node.scalarText, !node.isNull, let rate = LoadRate.parse(text) else {
            context.error("\(what) must be \(LoadRate.expectation), found '\(node.scalarText ?? node.kindDescription)'", at: node)
            return nil
        }
        return rate
    }

    private static func phases(_ node: Node, context: LoadContext) -> [LoadPhase] {
        guard let items = node.items else {
            context.error("'phases' must be a list of { duration, rate, to }, found \(node.kindDescription)", at: node)
            return []
        }
        var phases: [LoadPhase] = []
        for item in items {
            guard let fields = context.mapping(item, "a phase", allowed: phaseKeys) else { continue }
            var duration: Duration?
            var rate: Double?
            var to: Double?
            for (key, value, _) in fields {
                switch key {
                case "duration": duration = context.duration(value, "a phase's 'duration'")
                case "rate": rate = self.rate(value, "a phase's 'rate'", context: context)
                default: to = self.rate(value, "a phase's 'to'", context: context)
                }
            }
            guard let duration, let rate else {
                context.error("a phase needs 'duration' and 'rate' (and 'to' for a ramp)", at: item)
                continue
            }
            phases.append(LoadPhase(duration: duration, rate: rate, to: to))
        }
        if phases.isEmpty, items.isEmpty { context.error("'phases' lists no phase", at: node) }
        return phases
    }

    /// `thresholds:` as a mapping of whole-run bounds or a list of one bound each, an item
    /// perhaps naming its `request:`.
    private static func thresholds(_ node: Node, context: LoadContext) -> [LoadThreshold] {
        if let items = node.items {
            return items.flatMap { item -> [LoadThreshold] in
                guard let pairs = item.pairs else {
                    context.error("each threshold must be a mapping such as { p95: { \"<\": 200ms } }, found \(item.kindDescription)", at: item)
                    return []
                }
                var request: String?
                if let requestNode = pairs.first(where: { $0.key.scalarText == "request" })?.value {
                    request = context.string(requestNode, "'request'")
                }
                return bounds(item, request: request, skipping: "request", context: context)
            }
        }
        return bounds(node, request: nil, skipping: nil, context: context)
    }

    private static func bounds(_ node: Node, request: String?, skipping: String?, context: LoadContext) -> [LoadThreshold] {
        var result: [LoadThreshold] = []
        context.forEachEntry(node, "'thresholds'", keysAre: "metric names") { name, value, keyNode in
            if name == skipping { return }
            guard let metric = LoadThreshold.metric(name) else {
                context.error("unknown threshold '\(name)'", at: keyNode, notes: ["thresholds: \(LoadThreshold.metricNames)"])
                return
            }
            guard let comparisons = context.mapping(value, "the threshold '\(name)'", allowed: comparisons) else { return }
            for (written, boundNode, _) in comparisons {
                guard let comparison = LoadThreshold.Comparison(rawValue: written) else { continue }
                let boundNode = context.expanded(boundNode)
                let text = boundNode.scalarText ?? ""
                switch LoadThreshold.bound(text, for: metric) {
                case let .failure(error):
                    context.error("the bound of '\(name)' must be \(error.expected), found '\(boundNode.scalarText ?? boundNode.kindDescription)'", at: boundNode)
                case let .success(bound):
                    result.append(LoadThreshold(
                        metric: metric, comparison: comparison, bound: bound, request: request, metricName: name, boundText: text))
                }
            }
        }
        return result
    }
}
