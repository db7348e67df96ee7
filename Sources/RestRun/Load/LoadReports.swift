/// Writes a load run's reports: the JSON summary and the HTML page, to files or standard output.
package enum LoadReports {
    /// Writes the reports asked for; returns a sentence when one cannot be written.
    package static func write(
        _ summary: LoadSummary, verdicts: [LoadSummary.ThresholdVerdict], json: String?, html: String?, standardOutput: any TextSink
    ) -> String? {
        var reports: [(path: String, text: () -> String)] = []
        if let json { reports.append((json, { summary.json(verdicts: verdicts).prettyJSONText + "\n" })) }
        if let html { reports.append((html, { LoadPage.render(summary, verdicts: verdicts) })) }
        for (path, text) in reports {
            if path == "-" {
                standardOutput.write(text())
                continue
            }
            do throws(FileSystem.ReadError) {
                try FileSystem.writeCreatingFolders(text(), to: path)
            } catch {
                return error.message
            }
        }
        return nil
    }
}
