/// Writes every report file a run asks for, redacted, even after failures and interruptions; a
/// file that cannot be written is one sentence, and the others are still written. Missing folders
/// are created; a report whose path is `-` goes to standard output.
package struct ReportWriter: Sendable {
    /// Which reports, and where.
    package var files: ReportFiles
    /// Hides secrets in every report.
    package var redactor: Redactor
    /// The run's OpenAPI coverage, for the JSON report and the coverage file.
    package var coverage: CoverageReport?
    /// What the run sent and received, for the HAR report.
    package var har: HARRecorder?
    /// Where a report named `-` is written.
    package var standardOutput: any TextSink = FileDescriptorSink.standardOutput

    /// Creates a writer for `files`.
    package init(_ files: ReportFiles, redactor: Redactor) {
        self.files = files
        self.redactor = redactor
    }

    /// Writes the reports of `results`; returns one sentence per report that could not be written.
    package func write(_ results: [FileResult]) -> [String] {
        var problems: [String] = []
        let reports: [(String?, () -> String)] = [
            (files.junit, { JUnitReport.render(results, family: files.junitFamily) }), (files.tap, { TAPReport.render(results) }),
            (files.json, { JSONReport.render(results, coverage: coverage) }),
            (files.coverage, { (coverage ?? CoverageReport(specs: [])).json.prettyJSONText + "\n" }),
            (files.html, { HTMLReport.render(results, redactor: redactor) }),
            (files.har, { har?.text() ?? HARRecorder(redactor: redactor).text() }),
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
