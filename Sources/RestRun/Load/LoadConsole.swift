/// What `rest-run load` prints: the progress line while it runs and, at the end, a table per
/// request name and each threshold's verdict.
package enum LoadConsole {
    /// `12.0s / 40.0s  rate 199.8/s  in flight 3  dropped 0  errors 0  p50 1.20ms  p99 4.80ms`.
    package static func progress(_ progress: LoadRecorder.LoadProgress, of seconds: Double, previous: (elapsed: Double, completed: Int)?) -> String {
        let rate = progress.rate(since: previous)
        return "\(String(format2: progress.elapsed))s / \(String(format2: seconds))s  rate \(String(format2: rate))/s  in flight \(progress.inFlight)"
            + "  dropped \(progress.dropped)  errors \(progress.errors)  p50 \(LoadSummary.milliseconds(progress.p50))  p99 \(LoadSummary.milliseconds(progress.p99))"
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
        let padding = String(repeating: " ", count: Swift.max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// The table and the verdicts.
    package static func summary(_ summary: LoadSummary, verdicts: [LoadSummary.ThresholdVerdict], colors: Bool) -> String {
        let iterations = summary.iterations
        var lines: [String] = []
        let lagP99 = summary.lagMilliseconds(99)
        lines.append(
            "\(summary.iterations.completed) iterations in \(String(format2: summary.duration))s (\(String(format2: summary.iterationRate))/s): "
                + "\(iterations.scheduled) scheduled, \(iterations.started) started, \(iterations.dropped) dropped; schedule lag p99 \(LoadSummary.milliseconds(lagP99))")
        let rows = summary.requests.map { ($0.name, $0.statistics) } + [("total", summary.total)]
        let nameWidth = Swift.min(40, Swift.max(8, rows.map(\.0.count).max() ?? 0))
        let headings = ["count", "rate/s", "errors", "p50", "p90", "p95", "p99", "max"]
        lines.append(pad("", nameWidth, right: false) + "  " + pad("", 7, right: false) + headings.map { pad($0, 9) }.joined())
        for (name, statistics) in rows {
            let shown = name.count > nameWidth ? String(name.prefix(nameWidth - 1)) + "…" : name
            let rate = summary.duration > 0 ? Double(statistics.count) / summary.duration : 0
            for service in [false, true] {
                var cells = service ? ["", "", ""] : [String(statistics.count), String(format2: rate), String(statistics.errors)]
                for percent in [50.0, 90, 95, 99] {
                    cells.append(LoadSummary.milliseconds(statistics.milliseconds(.percentile(percent), service: service)))
                }
                cells.append(LoadSummary.milliseconds(statistics.milliseconds(.max, service: service)))
                let label = service ? pad("", nameWidth, right: false) + "  service" : pad(shown, nameWidth, right: false) + "  latency"
                lines.append(label + cells.map { pad($0, 9) }.joined())
            }
            if !statistics.errorKinds.isEmpty {
                let kinds = LoadStatistics.errorKinds.compactMap { kind in statistics.errorKinds[kind].map { "\($0) \(kind)" } }
                lines.append(pad("", nameWidth, right: false) + "  errors: " + kinds.joined(separator: ", "))
            }
        }
        for verdict in verdicts {
            let mark = verdict.held ? (colors ? "\u{1B}[32m✓\u{1B}[0m" : "✓") : (colors ? "\u{1B}[31m✗\u{1B}[0m" : "✗")
            let about = verdict.threshold.request.map { " (\($0))" } ?? ""
            lines.append("\(mark) \(verdict.threshold.expression)\(about): \(verdict.actual)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
