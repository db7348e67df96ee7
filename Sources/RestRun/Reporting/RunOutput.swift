/// Where and how a run is reported, as `rest-run run` reports it: a line per request and the
/// summary, the OpenAPI coverage table, GitHub annotations, the report files and the coverage gate.
public struct RunOutput: Sendable {
    /// Where the lines for people go: a line per request, the summary, the coverage table (and
    /// GitHub annotations).
    public var console: any TextSink
    /// Where error sentences go: a report that cannot be written, the coverage gate.
    public var errors: any TextSink
    /// Where a report whose path is `-` goes.
    public var standardOutput: any TextSink
    /// Whether console lines are coloured.
    public var colors = false
    /// Whether only failures and the summary are printed (`--quiet`).
    public var quiet = false
    /// Whether a progress line may stay at the bottom of the console (an interactive terminal);
    /// it is shown for runs of more than five requests.
    public var showsProgress = false
    /// Whether failures are also written as GitHub Actions annotations (`GITHUB_ACTIONS=true`).
    public var githubAnnotations = false
    /// The report files to write.
    public var reports = ReportFiles()
    /// The share of OpenAPI operations, 0 to 100, below which the run fails (`--min-coverage`).
    public var minimumCoverage: Double?
    /// Whether the report keeps every result (`RunReport.results`); when it does not, and no
    /// report file lists them, a long run keeps only what went wrong.
    public var keepsResults = true

    /// Output to these sinks (by default the process's standard output and error), plain, with no
    /// report files.
    public init(
        console: any TextSink = FileDescriptorSink.standardOutput, errors: any TextSink = FileDescriptorSink.standardError,
        standardOutput: any TextSink = FileDescriptorSink.standardOutput
    ) {
        self.console = console
        self.errors = errors
        self.standardOutput = standardOutput
    }
}
