/// Runs many files: up to `jobs` at once (requests inside a file stay in order), results in input
/// order, stopping early on `--fail-fast` or when the task is cancelled (Ctrl-C).
package struct SuiteRunner: Sendable {
    /// Runs each file.
    package var runner: Runner
    /// How many files run at once.
    package var jobs: Int
    /// Whether the first failing request stops the run.
    package var failFast: Bool
    /// Where files run: file `i` runs its tasks on lane `i % lanes.count` (an event loop each, so
    /// parallel files use every core); empty runs them wherever the caller's tasks run.
    package var lanes: [any TaskExecutor]

    /// Creates a suite runner.
    package init(runner: Runner, jobs: Int = 1, failFast: Bool = false, lanes: [any TaskExecutor] = []) {
        self.runner = runner
        self.jobs = max(1, jobs)
        self.failFast = failFast
        self.lanes = lanes
    }

    /// Runs `files` `passes` times over, each through a `Networking` of its own that `networking`
    /// makes (cookies are kept per file), handing each file's result to `finished` with its place
    /// in the run as it finishes. Files that never start (after a stop or a cancellation) have
    /// no result.
    package func run(
        _ files: [PlannedFile], passes: Int = 1, networking: @escaping @Sendable () -> any Networking,
        finished: (Int, FileResult) -> Void
    ) async {
        var runner = runner
        let control = runner.control ?? RunControl()
        runner.control = control
        runner.stopsOnFailure = failFast
        let configured = runner
        guard !files.isEmpty else { return }
        await Concurrently.forEach(files.count * passes, width: jobs, executors: lanes, while: { !control.isStopped && !Task.isCancelled }, { index in
            await configured.run(files[index % files.count], networking: networking())
        }, each: finished)
    }
}
