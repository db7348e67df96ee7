import Histogram
import OrderedCollections

/// The summary as `--report-json` writes it (version 1), and read back by `rest-run load merge`.
extension LoadSummary {
    private static func number(_ value: Double) -> DecodedValue {
        .number((value * 1000).rounded() / 1000)
    }

    private static func durations(_ statistics: LoadStatistics, service: Bool) -> DecodedValue {
        var fields: [(String, DecodedValue)] = []
        for (key, percent) in [("p50_ms", 50.0), ("p90_ms", 90), ("p95_ms", 95), ("p99_ms", 99), ("p99_9_ms", 99.9)] {
            fields.append((key, number(statistics.milliseconds(.percentile(percent), service: service))))
        }
        fields.append(("max_ms", number(statistics.milliseconds(.max, service: service))))
        fields.append(("mean_ms", number(statistics.milliseconds(.mean, service: service))))
        return .object(fromPairs: fields)
    }

    private func statisticsJSON(_ statistics: LoadStatistics, rate: Double) -> DecodedValue {
        .object(fromPairs: [
            ("count", .integer(statistics.count)), ("errors", .integer(statistics.errors)),
            ("error_kinds", .object(fromPairs: LoadStatistics.errorKinds.compactMap { kind in statistics.errorKinds[kind].map { (kind, .integer($0)) } })),
            ("rate", Self.number(rate)),
            ("latency", Self.durations(statistics, service: false)), ("service", Self.durations(statistics, service: true)),
            ("histogram", .string(HistogramCoding.encode(statistics.latency))),
            ("service_histogram", .string(HistogramCoding.encode(statistics.service))),
        ])
    }

    /// The report, with the thresholds' verdicts.
    package func json(verdicts: [ThresholdVerdict]) -> DecodedValue {
        let perSecond = duration > 0 ? 1 / duration : 0
        let profileJSON: DecodedValue = .object(fromPairs: [
            ("phases", .array(profile.phases.map { phase in
                .object(fromPairs: [("duration_s", Self.number(phase.seconds)), ("rate", Self.number(phase.rate)), ("to", phase.to.map(Self.number) ?? .null)])
            })),
            ("max_in_flight", profile.isClosed ? .null : .integer(profile.inFlightLimit)),
            ("vus", profile.vus.map { .integer($0) } ?? .null),
            ("duration_s", profile.isClosed ? Self.number(profile.seconds) : .null),
        ])
        let lagMilliseconds = { (percent: Double) in Self.number(Double(Swift.min(lag.valueAtPercentile(percent), lag.max)) / 1000) }
        return .object(fromPairs: [
            ("kind", .string("rest-run-load")), ("version", .integer(1)), ("shard", .string(shard)),
            ("profile", profileJSON),
            ("duration_s", Self.number(duration)),
            ("iterations", .object(fromPairs: [
                ("scheduled", .integer(iterations.scheduled)), ("started", .integer(iterations.started)),
                ("completed", .integer(iterations.completed)), ("dropped", .integer(iterations.dropped)),
            ])),
            ("schedule_lag", .object(fromPairs: [
                ("p50_ms", lag.totalCount > 0 ? lagMilliseconds(50) : .number(0)), ("p99_ms", lag.totalCount > 0 ? lagMilliseconds(99) : .number(0)),
                ("max_ms", Self.number(Double(lag.max) / 1000)), ("histogram", .string(HistogramCoding.encode(lag))),
            ])),
            ("total", statisticsJSON(total, rate: Double(total.count) * perSecond)),
            ("requests", .object(fromPairs: requests.map { ($0.name, statisticsJSON($0.statistics, rate: Double($0.statistics.count) * perSecond)) })),
            ("timeline", .array(timeline.map { second in
                .object(fromPairs: [
                    ("t", .integer(second.time)), ("scheduled", .integer(second.scheduled)), ("sent", .integer(second.sent)),
                    ("completed", .integer(second.completed)), ("requests", .integer(second.requests)), ("errors", .integer(second.errors)),
                    ("dropped", .integer(second.dropped)), ("p50_ms", Self.number(second.p50)), ("p99_ms", Self.number(second.p99)),
                    ("max_ms", Self.number(second.max)),
                ])
            })),
            ("thresholds", .array(verdicts.map { verdict in
                .object(fromPairs: [
                    ("expression", .string(verdict.threshold.expression)), ("request", verdict.threshold.request.map { .string($0) } ?? .null),
                    ("actual", .string(verdict.actual)), ("ok", .bool(verdict.held)),
                ])
            })),
        ])
    }

    /// Why a report could not be read.
    package struct UnreadableReport: Error, Sendable {
        /// One sentence.
        package var message: String
    }

    private static func member(_ value: DecodedValue?, _ key: String) -> DecodedValue? {
        if case let .object(members)? = value { members[key] } else { nil }
    }

    private static func integer(_ value: DecodedValue?) -> Int {
        value?.doubleValue.map { Int(clamping: Int64($0.isFinite ? $0 : 0)) } ?? 0
    }

    private static func statistics(_ value: DecodedValue?) throws(UnreadableReport) -> LoadStatistics {
        guard let latencyText = member(value, "histogram")?.stringValue, let latency = HistogramCoding.decode(latencyText),
            let serviceText = member(value, "service_histogram")?.stringValue, let service = HistogramCoding.decode(serviceText)
        else { throw UnreadableReport(message: "a histogram is missing or not HdrHistogram's compressed encoding") }
        var kinds: [String: Int] = [:]
        if case let .object(members)? = member(value, "error_kinds") {
            for (kind, count) in members { kinds[kind] = integer(count) }
        }
        return LoadStatistics(
            count: integer(member(value, "count")), errors: integer(member(value, "errors")), errorKinds: kinds, latency: latency, service: service)
    }

    /// A summary `json(verdicts:)` wrote.
    package static func read(_ value: DecodedValue) throws(UnreadableReport) -> LoadSummary {
        guard member(value, "kind")?.stringValue == "rest-run-load" else {
            throw UnreadableReport(message: "it is not a report of rest-run load (its \"kind\" is not \"rest-run-load\")")
        }
        guard integer(member(value, "version")) == 1 else { throw UnreadableReport(message: "it is a version of the report this rest-run does not read") }
        var profile = LoadProfile()
        if case let .array(phases)? = member(member(value, "profile"), "phases") {
            profile.phases = phases.map { phase in
                let seconds = member(phase, "duration_s")?.doubleValue ?? 0
                return LoadPhase(
                    duration: .nanoseconds(Int64(Swift.min(Swift.max(seconds, 0), 1e9) * 1e9)), rate: member(phase, "rate")?.doubleValue ?? 0,
                    to: member(phase, "to")?.doubleValue)
            }
        }
        if case .integer? = member(member(value, "profile"), "max_in_flight") { profile.maxInFlight = integer(member(member(value, "profile"), "max_in_flight")) }
        if case .integer? = member(member(value, "profile"), "vus") {
            profile.vus = integer(member(member(value, "profile"), "vus"))
            let seconds = member(member(value, "profile"), "duration_s")?.doubleValue ?? 0
            profile.duration = .nanoseconds(Int64(Swift.min(Swift.max(seconds, 0), 1e9) * 1e9))
        }
        let iterationsJSON = member(value, "iterations")
        guard let lagText = member(member(value, "schedule_lag"), "histogram")?.stringValue, let lag = HistogramCoding.decode(lagText) else {
            throw UnreadableReport(message: "its schedule_lag histogram is missing or not HdrHistogram's compressed encoding")
        }
        var requests: [(name: String, statistics: LoadStatistics)] = []
        if case let .object(members)? = member(value, "requests") {
            for (name, entry) in members { requests.append((name, try statistics(entry))) }
        }
        var timeline: [LoadSecond] = []
        if case let .array(entries)? = member(value, "timeline") {
            for entry in entries {
                var second = LoadSecond(time: Swift.min(Swift.max(integer(member(entry, "t")), 0), 1_000_000))
                second.scheduled = integer(member(entry, "scheduled"))
                second.sent = integer(member(entry, "sent"))
                second.completed = integer(member(entry, "completed"))
                second.requests = integer(member(entry, "requests"))
                second.errors = integer(member(entry, "errors"))
                second.dropped = integer(member(entry, "dropped"))
                second.p50 = member(entry, "p50_ms")?.doubleValue ?? 0
                second.p99 = member(entry, "p99_ms")?.doubleValue ?? 0
                second.max = member(entry, "max_ms")?.doubleValue ?? 0
                timeline.append(second)
            }
        }
        return LoadSummary(
            shard: member(value, "shard")?.stringValue ?? "1/1", profile: profile, duration: member(value, "duration_s")?.doubleValue ?? 0,
            iterations: Iterations(
                scheduled: integer(member(iterationsJSON, "scheduled")), started: integer(member(iterationsJSON, "started")),
                completed: integer(member(iterationsJSON, "completed")), dropped: integer(member(iterationsJSON, "dropped"))),
            lag: lag, total: try statistics(member(value, "total")), requests: requests, timeline: timeline)
    }
}
