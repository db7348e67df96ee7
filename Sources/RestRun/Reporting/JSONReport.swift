import OrderedCollections

/// A JSON report of every request: name, method, URL, status, duration, outcome, expectation
/// results, captures (secrets redacted) and failures with their locations.
package enum JSONReport {
    /// The report for `files`, pretty-printed.
    package static func render(_ files: [FileResult], coverage: CoverageReport? = nil) -> String {
        let summary = RunSummary(files)
        var report: DecodedValue = .object([
            "tool": .string("rest-run \(RestRunVersion.current)"),
            "summary": .object([
                "passed": .integer(summary.passed), "failed": .integer(summary.failed), "errors": .integer(summary.errors),
                "skipped": .integer(summary.skipped), "files": .integer(summary.files),
                "invalid_files": .integer(summary.invalidFiles),
                "exit_code": .integer(Int(summary.exitCode.rawValue)),
            ]),
            "files": .array(files.map(file)),
        ])
        if let coverage, case var .object(members) = report {
            members["openapi_coverage"] = coverage.json
            report = .object(members)
        }
        let latency = files.flatMap { file in file.requests.compactMap { request in request.latency.map { latencyEntry(request, $0, in: file) } } }
        if !latency.isEmpty, case var .object(members) = report {
            members["latency"] = .array(latency)
            report = .object(members)
        }
        return report.prettyJSONText + "\n"
    }

    private static func file(_ file: FileResult) -> DecodedValue {
        var members: OrderedDictionary<String, DecodedValue> = [
            "path": .string(file.path), "name": .string(file.name), "duration_ms": milliseconds(file.duration),
            "requests": .array(file.requests.map(request)),
        ]
        if let snapshots = file.snapshots { members["snapshots"] = Self.snapshots(snapshots) }
        if file.isInvalid {
            members["invalid"] = .bool(true)
            members["errors"] = .array(file.problems.map { problem in
                .object(["message": .string(problem.message), "location": location(problem.location), "notes": .array(problem.notes.map(DecodedValue.string))])
            })
        }
        return .object(members)
    }

    private static func request(_ request: RequestResult) -> DecodedValue { .object(requestMembers(request)) }

    /// The members of `request`'s object in the report, in order; `--report-ndjson`'s
    /// `request_finished` carries every one of them.
    static func requestMembers(_ request: RequestResult) -> OrderedDictionary<String, DecodedValue> {
        var members: OrderedDictionary<String, DecodedValue> = [
            "name": .string(request.name), "method": .string(request.method.rawValue), "url": .string(request.url),
            "outcome": .string(request.outcome.rawValue), "status": request.status.map(DecodedValue.integer) ?? .null,
            "duration_ms": milliseconds(request.duration), "attempts": .integer(request.attempts),
            "location": location(request.location),
        ]
        members["expectations"] = .array(request.expectations.map { expectation in
            var entry: OrderedDictionary<String, DecodedValue> = [
                "label": .string(expectation.label), "passed": .bool(expectation.passed),
                "expected": .string(expectation.expected), "actual": .string(expectation.actual),
                "location": location(expectation.location),
            ]
            if let reason = expectation.reason { entry["reason"] = .string(reason) }
            return .object(entry)
        })
        var captures = OrderedDictionary<String, DecodedValue>()
        for capture in request.captures { captures[capture.name] = capture.value }
        members["captures"] = .object(captures)
        members["failures"] = .array(request.failures.map { failure in
            .object(["message": .string(failure.message), "location": location(failure.location), "notes": .array(failure.notes.map(DecodedValue.string))])
        })
        if let reason = request.skipReason { members["skip_reason"] = .string(reason) }
        if !request.notes.isEmpty { members["notes"] = .array(request.notes.map(DecodedValue.string)) }
        if let runs = request.repeatedRuns { members["runs_ms"] = .array(runs.map { .number(Double(LatencySummary.microseconds($0)) / 1000) }) }
        let details = request.details?.reportMembers ?? []
        for (name, value) in details where name != "events" { members[name] = value }
        if let runs = request.repeatedFirstArrivals {
            members["first_event_runs_ms"] = .array(runs.map { .number(Double(LatencySummary.microseconds($0)) / 1000) })
        }
        for (name, value) in details where name == "events" { members[name] = value }
        return members
    }

    /// One request's numbers over all its counted runs, with every run's duration so that anyone
    /// can compute them again.
    private static func latencyEntry(_ request: RequestResult, _ summary: LatencySummary, in file: FileResult) -> DecodedValue {
        var members: OrderedDictionary<String, DecodedValue> = [
            "file": .string(file.path), "name": .string(request.statisticsKey?.name ?? request.name),
            "location": location(request.location), "runs": .integer(summary.count),
        ]
        for statistic in LatencySummary.standard {
            members[String(statistic.name.map { $0 == "." ? "_" : $0 }) + "_ms"] = rounded(summary.milliseconds(statistic))
        }
        members["budgets"] = .array(summary.budgets.map { budget in
            .object(["label": .string(budget.label), "passed": .bool(budget.passed), "expected": .string(budget.expected), "actual": .string(budget.actual)])
        })
        if let durations = summary.durations {
            members["durations_ms"] = .array(durations.map { .number(Double(LatencySummary.microseconds($0)) / 1000) })
        }
        return .object(members)
    }

    private static func rounded(_ milliseconds: Double) -> DecodedValue {
        .number((milliseconds * 1000).rounded() / 1000)
    }

    /// What a file's run did to its snapshot file.
    package static func snapshots(_ summary: SnapshotSummary) -> DecodedValue {
        func names(_ list: [String]) -> DecodedValue { .array(list.map(DecodedValue.string)) }
        var members: OrderedDictionary<String, DecodedValue> = [
            "path": .string(summary.path), "written": names(summary.written), "updated": names(summary.updated),
            "obsolete": names(summary.obsolete), "removed": names(summary.removed),
        ]
        if let problem = summary.problem { members["error"] = .string(problem.message) }
        return .object(members)
    }

    package static func location(_ location: SourceLocation?) -> DecodedValue {
        guard let location else { return .null }
        return .object(["file": .string(location.file), "line": .integer(location.line), "column": .integer(location.column)])
    }

    package static func milliseconds(_ duration: Duration) -> DecodedValue {
        .number((duration.milliseconds * 1000).rounded() / 1000)
    }
}
