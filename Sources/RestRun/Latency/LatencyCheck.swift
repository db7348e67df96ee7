/// The runs of each request gathered as results arrive, across `--repeat` passes, `repeat:` and
/// `for_each` items, then summarised and checked against its `expect: duration:` budgets. The
/// summary and the budgets' results go on the request's last result, so the console, the reports
/// and the exit code see them. Only the groups are kept, not the results.
package struct LatencyCheck: Sendable {
    /// Where a result stands in the run: its file's place (every pass's files in order) and its
    /// own place in the file.
    package struct Position: Sendable, Hashable, Comparable {
        /// The file's place.
        package var file: Int
        /// The request's place in its file.
        package var request: Int

        /// Run order.
        package static func < (lhs: Position, rhs: Position) -> Bool { (lhs.file, lhs.request) < (rhs.file, rhs.request) }
    }

    /// A group's last result, summarised and checked.
    package struct Finished: Sendable {
        /// Where that result stands.
        package var position: Position
        /// Its file's path and name.
        package var path: String, fileName: String
        /// The result, with its `latency` summary and its budgets' results.
        package var result: RequestResult
        /// Its outcome before the budgets were checked.
        package var outcomeBefore: RequestResult.Verdict
    }

    private struct Group {
        var runs: LatencyRuns
        /// The runs' times to their first event, for `first_event:` budgets.
        var firstEvents: LatencyRuns
        var last: Finished
        /// Whether the same request ran more than once (`repeat:`, or a result name seen in an
        /// earlier `--repeat` pass), not only as several `for_each` items.
        var repeated = false
        var names: Set<String> = []
    }

    /// How many times the set runs (`--repeat`): a request's results only share a name across passes.
    private let passes: Int
    private let keepsDurations: Bool
    private var indices: [StatisticsKey: Int] = [:]
    private var groups: [Group] = []

    /// A check for a run of `passes` passes; `keepsDurations` keeps every run's duration in the
    /// summaries (the JSON report lists them).
    package init(passes: Int, keepsDurations: Bool) {
        self.passes = passes
        self.keepsDurations = keepsDurations
    }

    /// Counts `result`, of the file at `path` named `fileName`, standing at `position`.
    package mutating func add(_ result: RequestResult, path: String, fileName: String, at position: Position) {
        // A request that runs once and has no budgets gets no summary: nothing to hash.
        guard passes > 1 || result.repeatedRuns != nil || !result.latencyBudgets.isEmpty else { return }
        guard result.runCount > 0, let key = result.statisticsKey else { return }
        let last = Finished(position: position, path: path, fileName: fileName, result: result, outcomeBefore: result.outcome)
        let index: Int
        if let known = indices[key] {
            index = known
            // Files running side by side finish in any order: the last is the last in run order.
            if position > groups[index].last.position { groups[index].last = last }
        } else {
            index = groups.count
            indices[key] = index
            groups.append(Group(runs: LatencyRuns(keepsDurations: keepsDurations), firstEvents: LatencyRuns(keepsDurations: false), last: last))
        }
        if let runs = result.repeatedRuns {
            for run in runs { groups[index].runs.add(run) }
            groups[index].repeated = true
        } else {
            groups[index].runs.add(result.duration)
        }
        for firstEvent in result.repeatedFirstArrivals ?? (result.details?.firstArrival.map { [$0] } ?? []) {
            groups[index].firstEvents.add(firstEvent)
        }
        if passes > 1, !groups[index].names.insert(result.name).inserted { groups[index].repeated = true }
    }

    /// Every group's last result that gets a summary: a request that ran more than once, or has
    /// budgets, which are checked; one that does not hold fails the result.
    package func finish(redactor: Redactor) -> [Finished] {
        var finished: [Finished] = []
        for group in groups {
            var last = group.last
            guard (group.repeated && group.runs.count > 1) || !last.result.latencyBudgets.isEmpty else { continue }
            let budgets = last.result.latencyBudgets.compactMap { budget -> (LatencyStatistic, LatencyMeasure)? in
                if case let .latency(statistic, measure) = budget.subject { (statistic, measure) } else { nil }
            }
            var summary = LatencySummary(group.runs, extra: budgets.filter { $0.1 == .duration }.map(\.0))
            let firstEvents = budgets.contains { $0.1 == .firstEvent }
                ? LatencySummary(group.firstEvents, extra: budgets.filter { $0.1 == .firstEvent }.map(\.0)) : nil
            for (budget, (statistic, measure)) in zip(last.result.latencyBudgets, budgets) {
                let over = measure == .firstEvent ? firstEvents ?? summary : summary
                let checked = Self.check(budget, statistic: statistic, summary: over, redactor: redactor)
                last.result.expectations.append(checked)
                summary.budgets.append(checked)
                if !checked.passed {
                    last.result.failures.append(checked.diagnostic)
                    if last.result.outcome == .passed { last.result.outcome = .failed }
                }
            }
            last.result.latency = summary
            finished.append(last)
        }
        return finished
    }

    private static func check(
        _ budget: Expectation, statistic: LatencyStatistic, summary: LatencySummary, redactor: Redactor
    ) -> ExpectationResult {
        let measured = DecodedValue.number((summary.milliseconds(statistic) * 1000).rounded() / 1000)
        let label = "\(budget.label) over \(summary.count) run\(summary.count == 1 ? "" : "s")"
        do throws(Diagnostic) {
            let evaluation = try budget.predicate.evaluate(measured, in: Scope([:]), format: .milliseconds, assertsFormats: false)
            return ExpectationResult(
                label: label, passed: evaluation.passed, expected: redactor.redact(evaluation.expected),
                actual: LatencySummary.exactText(summary.milliseconds(statistic)), location: budget.location, reason: evaluation.reason)
        } catch {
            return ExpectationResult(label: label, passed: false, expected: "(not checked)", actual: error.message, location: budget.location)
        }
    }
}
