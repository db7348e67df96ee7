extension RunSession {
    /// Executes `plan` and reports it as `rest-run run` does: a line per request as it finishes
    /// and the summary on `output.console`, then the coverage table, GitHub annotations and the
    /// report files, and the coverage gate. Cancelling the calling task (Ctrl-C) stops the run;
    /// what ran is still reported.
    public func run(_ plan: ExecutionPlan, output: RunOutput) async -> RunReport {
        let requests = plan.requestCount * plan.passes
        let reporter = ConsoleReporter(
            sink: output.console, colors: output.colors, detail: output.quiet ? .quiet : .normal,
            showsFileHeaders: plan.files.count * plan.passes > 1, groupsByFile: jobs > 1,
            progressTotals: output.showsProgress && requests > 5 ? (plan.files.count * plan.passes, requests) : nil)
        let start = ContinuousClock.now
        let events = openNDJSON(output)
        events.stream?.started(command: "run", files: plan.files.map(\.file.path) + plan.invalid.map(\.path), requests: requests)
        for file in plan.invalid { events.stream?.runner(didFinish: file) }
        defer { events.stream?.close() }
        var tally = RunTally(passes: plan.passes, keepsResults: output.keepsResults || !output.reports.named.isEmpty)
        for (index, file) in plan.invalid.enumerated() { tally.add(file, at: index) }
        // `--report-har` records every attempt as it is sent and answered.
        let har = output.reports.har.map { _ in HARRecorder(redactor: redactor) }
        var session = self
        if let har { session.delegates.append(har) }
        do {
            let observer: any RunObserver = events.stream.map { RunObservers([reporter, $0]) } ?? reporter
            tally = try await session.execute(plan, observer: observer, into: tally)
        } catch {
            output.errors.write("error: \(String(describing: error))\n")
            let summary = RunSummary(plan.invalid)
            events.stream?.finished(summary, exitCode: .runtimeError, duration: ContinuousClock.now - start, interrupted: false)
            return RunReport(results: plan.invalid, summary: summary, interrupted: false, exitCode: .runtimeError)
        }
        let interrupted = Task.isCancelled
        let totals = tally.finish(redactor: redactor)
        let results = totals.results ?? plan.invalid
        reporter.finish(totals, duration: ContinuousClock.now - start, interrupted: interrupted)
        if output.githubAnnotations { output.console.write(GitHubAnnotations.render(totals.problems)) }
        let specs = plan.specs
        let coverage = specs.isEmpty ? nil : CoverageReport(specs, hits: totals.hits)
        if let coverage, !output.quiet { output.console.write(coverage.table(colors: output.colors)) }
        var writer = ReportWriter(output.reports, redactor: redactor)
        writer.standardOutput = output.standardOutput
        writer.coverage = coverage
        writer.har = har
        let problems = writer.write(results) + (events.problem.map { [$0] } ?? [])
        for problem in problems { output.errors.write("error: \(problem)\n") }
        let summary = totals.summary
        var report = RunReport(results: results, summary: summary, coverage: coverage, interrupted: interrupted, exitCode: .interrupted)
        defer { events.stream?.finished(summary, exitCode: report.exitCode, duration: ContinuousClock.now - start, interrupted: interrupted) }
        guard !interrupted else { return report }
        report.exitCode = max(summary.exitCode, problems.isEmpty ? .success : .usage)
        if let minimum = output.minimumCoverage, let sentence = CoverageGate.failure(coverage, minimum: minimum) {
            output.errors.write("error: \(sentence)\n")
            report.exitCode = max(report.exitCode, .expectationFailed)
        }
        return report
    }

    /// The event stream `output` asks for (`--report-ndjson`); when its file cannot be written, no
    /// stream and the sentence that says why (printed with the other reports' problems).
    private func openNDJSON(_ output: RunOutput) -> (stream: NDJSONStream?, problem: String?) {
        guard let path = output.reports.ndjson else { return (nil, nil) }
        do {
            return (try NDJSONStream(path: path, standardOutput: output.standardOutput, redactor: redactor), nil)
        } catch {
            return (nil, error.message)
        }
    }
}
