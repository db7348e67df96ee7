/// What a run came to (`RunSession.run(_:output:)`): every file's results, the counts, the
/// OpenAPI coverage, and the exit code `rest-run` exits with.
public struct RunReport: Sendable {
    /// Every file's results: files that could not run first, then in the order they ran (only
    /// the files that could not run when `RunOutput.keepsResults` is off and no report file
    /// lists them).
    public var results: [FileResult]
    /// The counts, and the summary line.
    public var summary: RunSummary
    /// Which OpenAPI operations the run exercised (files with `openapi:`).
    package var coverage: CoverageReport?
    /// Whether the run was cancelled (Ctrl-C) before it finished.
    public var interrupted: Bool
    /// The exit code: the highest that applies (`ExitCode`).
    public var exitCode: ExitCode
}
