/// After the last run: the runs of each request are gathered across `--repeat` passes,
/// `repeat:` and `for_each` items, summarised, and checked against its `expect: duration:`
/// budgets. The summary and the budgets' results go on the request's last result, so the
/// console, the reports and the exit code see them.
package enum LatencyCheck {
    /// Summarises and checks every request of `files` that ran more than once (`repeat:`,
    /// `--repeat`) or has budgets; `for_each` items count as runs of their request.
    /// `passes` is how many times the set ran (`--repeat`): a request's results only share a
    /// name across passes.
    package static func apply(to files: inout [FileResult], passes: Int, redactor: Redactor = Redactor()) {
        // Most runs have nothing to summarise; one scan tells, without hashing anything.
        guard passes > 1 || files.contains(where: { file in
            file.requests.contains { $0.repeatedRuns != nil || !$0.latencyBudgets.isEmpty }
        }) else { return }
        struct Group {
            var runs: [Duration] = []
            var last: (file: Int, request: Int)
            /// Whether the same request ran more than once (`repeat:`, or a result name seen in
            /// an earlier `--repeat` pass), not only as several `for_each` items.
            var repeated = false
            var names: Set<String> = []
        }
        // One hash per result: the key finds its group's index.
        var indices: [StatisticsKey: Int] = [:]
        var groups: [Group] = []
        for fileIndex in files.indices {
            for requestIndex in files[fileIndex].requests.indices {
                let result = files[fileIndex].requests[requestIndex]
                guard result.runCount > 0, let key = result.statisticsKey else { continue }
                let index: Int
                if let known = indices[key] {
                    index = known
                } else {
                    index = groups.count
                    indices[key] = index
                    groups.append(Group(last: (fileIndex, requestIndex)))
                }
                if let runs = result.repeatedRuns {
                    groups[index].runs += runs
                    groups[index].repeated = true
                } else {
                    groups[index].runs.append(result.duration)
                }
                if passes > 1, !groups[index].names.insert(result.name).inserted { groups[index].repeated = true }
                groups[index].last = (fileIndex, requestIndex)
            }
        }
        for group in groups {
            let (fileIndex, requestIndex) = group.last
            var result = files[fileIndex].requests[requestIndex]
            guard (group.repeated && group.runs.count > 1) || !result.latencyBudgets.isEmpty else { continue }
            let statistics = result.latencyBudgets.compactMap { budget -> LatencyStatistic? in
                if case let .latency(statistic) = budget.subject { statistic } else { nil }
            }
            var summary = LatencySummary(group.runs, extra: statistics)
            for (budget, statistic) in zip(result.latencyBudgets, statistics) {
                let checked = check(budget, statistic: statistic, summary: summary, redactor: redactor)
                result.expectations.append(checked)
                summary.budgets.append(checked)
                if !checked.passed {
                    result.failures.append(checked.diagnostic)
                    if result.outcome == .passed { result.outcome = .failed }
                }
            }
            result.latency = summary
            files[fileIndex].requests[requestIndex] = result
        }
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
