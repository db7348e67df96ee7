/// The console's latency table, after a run where a request ran more than once: its runs, p50,
/// p90, p99 and max, then any `expect: duration:` budget that did not hold.
package enum LatencyTable {
    /// The table of the summarised requests (with `showsTable` false, only the failed budgets),
    /// or "" when none has a summary; `showsFiles` names their files too.
    package static func render(_ summarised: [LatencyCheck.Finished], showsFiles: Bool, style: TerminalStyle, showsTable: Bool = true) -> String {
        var rows: [(name: String, summary: LatencySummary)] = []
        for finished in summarised {
            let request = finished.result
            guard let summary = request.latency, summary.count > 1 || !summary.failures.isEmpty else { continue }
            let name = request.statisticsKey?.name ?? request.name
            rows.append((showsFiles ? "\(finished.fileName) › \(name)" : name, summary))
        }
        guard !rows.isEmpty else { return "" }
        let headers = ["runs"] + LatencySummary.shown.map(\.name)
        let cells = rows.map { row in [String(row.summary.count)] + LatencySummary.shown.map { LatencySummary.text(row.summary.milliseconds($0)) } }
        let nameWidth = min(48, max(7, rows.map { $0.name.count }.max() ?? 0))
        var widths = headers.map(\.count)
        for row in cells {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ name: String, _ values: [String]) -> String {
            let shortened = name.count > nameWidth ? String(name.prefix(nameWidth - 1)) + "…" : name
            let padded = shortened + String(repeating: " ", count: nameWidth - shortened.count)
            return padded + zip(values, widths).map { value, width in "  " + String(repeating: " ", count: width - value.count) + value }.joined()
        }
        var text = ""
        if showsTable {
            text += "\n" + style.bold(line("latency", headers)) + "\n"
            for (row, values) in zip(rows, cells) { text += line(row.name, values) + "\n" }
        }
        for row in rows {
            for failure in row.summary.failures {
                text += "\(style.red("✗")) \(row.name)\n" + failure.rendered(colors: style.enabled) + "\n"
            }
        }
        return text.isEmpty ? "" : text + "\n"
    }
}
