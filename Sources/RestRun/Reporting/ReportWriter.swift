/// Writes every report file a run asks for (JUnit, TAP, JSON), redacted, even after failures and
/// interruptions; a file that cannot be written is one sentence, and the others are still written.
/// Missing folders are created; a report whose path is `-` goes to standard output.
public struct ReportWriter: Sendable {
    /// Where the JUnit XML report goes, if anywhere.
    public var junit: String?
    /// Where the TAP 13 report goes, if anywhere.
    public var tap: String?
    /// Where the JSON report goes, if anywhere.
    public var json: String?
    /// Hides secrets in every report.
    public var redactor: Redactor
    /// Where the OpenAPI coverage report goes, if anywhere.
    package var coverageFile: String?
    /// Where the HTML report goes, if anywhere.
    package var html: String?
    /// The run's OpenAPI coverage, for the JSON report and the coverage file.
    package var coverage: CoverageReport?
    /// Which attributes the JUnit report carries.
    package var junitFamily: JUnitReport.Family = .strict
    /// Where a report named `-` is written.
    package var standardOutput: any TextSink = FileDescriptorSink.standardOutput

    /// Creates a writer for the given paths.
    public init(junit: String? = nil, tap: String? = nil, json: String? = nil, redactor: Redactor) {
        self.junit = junit
        self.tap = tap
        self.json = json
        self.redactor = redactor
    }

    /// Writes the reports of `results`; returns one sentence per report that could not be written.
    public func write(_ results: [FileResult]) -> [String] {
        var problems: [String] = []
        let reports: [(String?, () -> String)] = [
            (junit, { JUnitReport.render(results, family: junitFamily) }), (tap, { TAPReport.render(results) }),
            (json, { JSONReport.render(results, coverage: coverage) }),
            (coverageFile, { (coverage ?? CoverageReport([])).json.prettyJSONText + "\n" }),
            (html, { HTMLReport.render(results, redactor: redactor) }),
        ]
        for (path, render) in reports {
            guard let path else { continue }
            if path == "-" {
                standardOutput.write(redactor.redact(render()))
                continue
            }
            do {
                try FileSystem.writeCreatingFolders(redactor.redact(render()), to: path)
            } catch {
                problems.append(error.message)
            }
        }
        return problems
    }
}
