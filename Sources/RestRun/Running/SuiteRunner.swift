/// Runs many files: up to `jobs` at once (requests inside a file stay in order), results in input
/// order, stopping early on `--fail-fast` or when the task is cancelled (Ctrl-C).
package struct SuiteRunner: Sendable {
    /// Runs each file.
    public var runner: Runner
    /// How many files run at once.
    public var jobs: Int
    /// Whether the first failing request stops the run.
    public var failFast: Bool
    /// Where files run: file `i` runs its tasks on lane `i % lanes.count` (an event loop each, so
    /// parallel files use every core); empty runs them wherever the caller's tasks run.
    public var lanes: [any TaskExecutor]

    /// Creates a suite runner.
    public init(runner: Runner, jobs: Int = 1, failFast: Bool = false, lanes: [any TaskExecutor] = []) {
        self.runner = runner
        self.jobs = max(1, jobs)
        self.failFast = failFast
        self.lanes = lanes
    }

    /// Runs `files`, each through a `Networking` of its own that `networking` makes (cookies are
    /// kept per file).
    /// Files that never started (after a stop or a cancellation) have no result.
    public func run(_ files: [PlannedFile], networking: @escaping @Sendable () -> any Networking) async -> [FileResult] {
        var runner = runner
        let control = runner.control ?? RunControl()
        runner.control = control
        runner.stopsOnFailure = failFast
        let configured = runner
        var results = [FileResult?](repeating: nil, count: files.count)
        await withTaskGroup(of: (Int, FileResult).self) { group in
            var next = 0
            func startNext() {
                guard next < files.count, !control.isStopped, !Task.isCancelled else { return }
                let index = next
                let file = files[index]
                next += 1
                let lane = lanes.isEmpty ? 0 : index % lanes.count
                let work: @Sendable () async -> (Int, FileResult) = {
                    (index, await configured.run(file, networking: networking()))
                }
                if lanes.isEmpty {
                    group.addTask(operation: work)
                } else {
                    group.addTask(executorPreference: lanes[lane], operation: work)
                }
            }
            for _ in 0..<jobs { startNext() }
            for await (index, result) in group {
                results[index] = result
                startNext()
            }
        }
        return results.compactMap { $0 }
    }
}
