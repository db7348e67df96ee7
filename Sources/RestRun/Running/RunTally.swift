/// What a run keeps of its results as each file finishes: the counts, the OpenAPI operations
/// exercised, the latency of each request, the results with failures or warnings, and every
/// result only when a report lists them. A long run's memory then grows with what went wrong,
/// not with what was sent.
package struct RunTally: Sendable {
    /// What the run came to.
    package struct Totals: Sendable {
        /// The counts (budgets checked).
        package var summary = RunSummary([])
        /// How many results, as the summary line counts requests.
        package var requests = 0
        /// The distinct files that ran.
        package var paths: Set<String> = []
        /// The OpenAPI operations responses exercised.
        package var hits: Set<OperationHit> = []
        /// The requests that ran more than once or have budgets, summarised, in run order.
        package var latency: [LatencyCheck.Finished] = []
        /// The results with failures or warnings (budgets checked), by file, in run order.
        package var problems: [FileResult] = []
        /// Every file's results in run order, when kept.
        package var results: [FileResult]?
        /// What the run did to snapshot files, those it touched, in run order.
        package var snapshots: [SnapshotSummary] = []
    }

    /// How many files were counted so far.
    package private(set) var count = 0
    private var totals = Totals()
    private var latency: LatencyCheck
    private var problems: [(position: LatencyCheck.Position, path: String, name: String, result: RequestResult)] = []
    /// Every file's results by place, when kept.
    private var results: [Int: FileResult]?

    /// A tally of a run of `passes` passes; `keepsResults` keeps every result (for reports).
    package init(passes: Int, keepsResults: Bool) {
        latency = LatencyCheck(passes: passes, keepsDurations: keepsResults)
        if keepsResults { results = [:] }
    }

    /// Counts `file`, the run's file at place `index` (files that could not run first, then
    /// every pass's files in order).
    package mutating func add(_ file: FileResult, at index: Int) {
        count += 1
        totals.summary.add(file)
        totals.requests += file.requests.count
        totals.paths.insert(file.path)
        if let snapshots = file.snapshots, !snapshots.isEmpty { totals.snapshots.append(snapshots) }
        for (place, result) in file.requests.enumerated() {
            let position = LatencyCheck.Position(file: index, request: place)
            totals.hits.formUnion(result.coverage)
            latency.add(result, path: file.path, fileName: file.name, at: position)
            if !result.failures.isEmpty || !result.warnings.isEmpty { problems.append((position, file.path, file.name, result)) }
        }
        results?[index] = file
    }

    /// The totals, with every latency summary made and every budget checked: a budget that does
    /// not hold fails its request's last result, wherever it is kept.
    package func finish(redactor: Redactor) -> Totals {
        var totals = totals
        var problems = problems
        var results = results
        let finished = latency.finish(redactor: redactor).sorted { $0.position < $1.position }
        for last in finished {
            totals.summary.count(last.outcomeBefore, by: -1)
            totals.summary.count(last.result.outcome, by: 1)
            results?[last.position.file]?.requests[last.position.request] = last.result
            if let index = problems.firstIndex(where: { $0.position == last.position }) {
                problems[index].result = last.result
            } else if !last.result.failures.isEmpty {
                problems.append((last.position, last.path, last.fileName, last.result))
            }
        }
        totals.latency = finished
        problems.sort { $0.position < $1.position }
        var lastFile: Int?
        for problem in problems {
            if problem.position.file == lastFile {
                totals.problems[totals.problems.count - 1].requests.append(problem.result)
            } else {
                lastFile = problem.position.file
                totals.problems.append(FileResult(path: problem.path, name: problem.name, requests: [problem.result], duration: .zero))
            }
        }
        totals.results = results.map { kept in kept.keys.sorted().compactMap { kept[$0] } }
        return totals
    }
}
