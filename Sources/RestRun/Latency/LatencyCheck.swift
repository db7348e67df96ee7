/// After the last run: the runs of each request are gathered across `--repeat` passes,
/// `repeat:` and `for_each` items, summarised, and checked against its `expect: duration:`
/// budgets. The summary and the budgets' results go on the request's last result, so the
/// console, the reports and the exit code see them.
package enum LatencyCheck {
    /// Summarises and checks every request of `files` that ran more than once (`repeat:`,
    /// `--repeat`) or has budgets; `for_each` items count as runs of their request.
    package static func apply(to files: inout [FileResult], redactor: Redactor = Redactor()) {
        struct Group {
            var runs: [Duration] = []
            var last: (file: Int, request: Int)
            /// Whether the same request ran more than once (`repeat:`, or a result name seen in
            /// an earlier `--repeat` pass), not only as several `for_each` items.
            var repeated = false
            var names: Set<String> = []
        }
        var groups: [StatisticsKey: Group] = [:]
        var order: [StatisticsKey] = []
        for fileIndex in files.indices {
            for requestIndex in files[fileIndex].requests.indices {
                let result = files[fileIndex].requests[requestIndex]
                guard result.runCount > 0, let key = result.statisticsKey else { continue }
                if groups[key] == nil {
                    groups[key] = Group(last: (fileIndex, requestIndex))
                    order.append(key)
                }
                if let runs = result.repeatedRuns {
                    groups[key]?.runs += runs
                    groups[key]?.repeated = true
                } else {
                    groups[key]?.runs.append(result.duration)
                }
                if groups[key]?.names.insert(result.name).inserted == false { groups[key]?.repeated = true }
                groups[key]?.last = (fileIndex, requestIndex)
            }
        }
        for key in order {
            guard let group = groups[key] else { continue }
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
