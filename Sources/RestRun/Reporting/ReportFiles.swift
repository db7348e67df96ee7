/// The report files a run writes (`--report-junit`, `--report-tap`, `--report-json`,
/// `--report-html`, `--report-coverage`, `--report-har`, `--report-ndjson`); a path of `-` means
/// standard output.
public struct ReportFiles: Sendable {
    /// The JUnit XML report.
    public var junit: String?
    /// Which attributes the JUnit report carries.
    public var junitFamily: JUnitFamily = .strict
    /// The TAP 13 report.
    public var tap: String?
    /// The JSON report.
    public var json: String?
    /// The HTML report: one self-contained page.
    public var html: String?
    /// Which OpenAPI operations and responses the run exercised, as JSON.
    public var coverage: String?
    /// Every attempt as HAR 1.2 (`--report-har`).
    package var har: String?
    /// The run as it goes, one JSON object a line (`--report-ndjson`, `NDJSONStream`).
    package var ndjson: String?

    /// The JUnit report's attributes.
    public enum JUnitFamily: String, Sendable, CaseIterable {
        /// What the strictest readers accept (Jenkins xUnit's `junit-10.xsd`): no `file` or `line`
        /// on a test case (the location stays in the failure message), no `skipped` on
        /// `testsuites`. The default, as pytest's `xunit2`.
        case strict
        /// `file` and `line` on every test case and `skipped` on `testsuites`, which GitLab shows.
        case gitlab
    }

    /// No report files.
    public init() {}

    /// Every report given, as its flag and path.
    public var named: [(flag: String, path: String)] {
        [
            ("--report-junit", junit), ("--report-tap", tap), ("--report-json", json), ("--report-html", html),
            ("--report-coverage", coverage), ("--report-har", har), ("--report-ndjson", ndjson),
        ]
            .compactMap { flag, path in path.map { (flag, $0) } }
    }
}
