import Synchronization

/// Prints a run as it happens: a line per request (mark, name, status, time), every failure as a
/// diagnostic under it, and a summary at the end. When files run in parallel, each file's lines are
/// printed together when it finishes, so files never interleave. On a terminal, a progress line
/// (files and requests done, failures so far) stays at the bottom and is cleared at the end.
package final class ConsoleReporter: RunObserver {
    /// How much to print.
    package enum Detail: Sendable {
        /// Failures and the summary only.
        case quiet
        /// A line per request.
        case normal
    }

    /// Where the lines go.
    package let sink: any TextSink
    /// Whether to colour.
    package let style: TerminalStyle
    /// How much to print.
    package let detail: Detail
    /// Whether a header line is printed before each file (more than one file in the run).
    package let showsFileHeaders: Bool
    /// Whether each file's lines are held until the file finishes (files running in parallel).
    package let groupsByFile: Bool
    private let progress: Mutex<Progress>

    private struct Progress {
        var enabled: Bool
        var files = 0
        var totalFiles: Int
        var requests = 0
        var totalRequests: Int
        var failed = 0
        var shown = false
    }

    /// Creates a reporter. `progressTotals` (files, requests) turns on the progress line; pass it
    /// only for an interactive terminal.
    package init(
        sink: any TextSink, colors: Bool, detail: Detail = .normal, showsFileHeaders: Bool = true,
        groupsByFile: Bool = false, progressTotals: (files: Int, requests: Int)? = nil
    ) {
        self.sink = sink
        self.style = TerminalStyle(enabled: colors)
        self.detail = detail
        self.showsFileHeaders = showsFileHeaders
        self.groupsByFile = groupsByFile
        self.progress = Mutex(Progress(
            enabled: progressTotals != nil, totalFiles: progressTotals?.files ?? 0, totalRequests: progressTotals?.requests ?? 0))
    }

    /// Prints the file's name (unless lines are grouped by file).
    package func runner(didStart file: RequestFile) {
        guard !groupsByFile else { return }
        emit(header(file.path, name: file.name), requestDone: false, failed: false)
    }

    /// Prints the request's line and its failures (unless lines are grouped by file).
    package func runner(didFinish request: RequestResult, in file: RequestFile) {
        let failed = request.outcome == .failed || request.outcome == .error
        emit(groupsByFile ? "" : text(for: request), requestDone: true, failed: failed)
    }

    /// Prints the whole file when lines are grouped by file; counts it for the progress line.
    package func runner(didFinish file: FileResult) {
        var text = ""
        if groupsByFile {
            text = header(file.path, name: file.name) + file.requests.map(self.text(for:)).joined()
        }
        if let snapshots = file.snapshots { text += self.text(for: snapshots) }
        progress.withLock { $0.files += 1 }
        emit(text, requestDone: false, failed: false)
    }

    private func header(_ path: String, name: String) -> String {
        guard detail == .normal, showsFileHeaders else { return "" }
        let suffix = name != RequestFileLoader.defaultName(for: path) ? style.dim(" — \(name)") : ""
        return style.bold(path) + suffix + "\n"
    }

    /// Writes `text` above the progress line in one piece.
    private func emit(_ text: String, requestDone: Bool, failed: Bool) {
        let line: String? = progress.withLock { state in
            if requestDone { state.requests += 1 }
            if failed { state.failed += 1 }
            guard state.enabled else { return nil }
            state.shown = true
            let failures = state.failed > 0 ? style.red("  \(state.failed) failed") : ""
            return style.dim("files \(state.files)/\(state.totalFiles)  requests \(state.requests)/\(state.totalRequests)") + failures
        }
        guard let line else {
            if !text.isEmpty { sink.write(text) }
            return
        }
        sink.write("\r\u{1B}[2K" + text + line)
    }

    /// The lines about a file's snapshot file: the obsolete entries, those removed, and a file
    /// that could not be written.
    private func text(for snapshots: SnapshotSummary) -> String {
        var text = ""
        let indent = showsFileHeaders ? "  " : ""
        if detail == .normal {
            for name in snapshots.obsolete {
                text += "\(indent)\(style.yellow("obsolete snapshot")) \"\(name)\" in \(snapshots.path)" + style.dim(" (--update-snapshots removes it)") + "\n"
            }
            for name in snapshots.removed { text += "\(indent)removed obsolete snapshot \"\(name)\" from \(snapshots.path)\n" }
        }
        if let problem = snapshots.problem { text += problem.rendered(colors: style.enabled) + "\n" }
        return text
    }

    /// The lines printed for one request.
    package func text(for request: RequestResult) -> String {
        // Below normal detail only failures print: nothing is formatted for the others.
        if detail != .normal, case .passed = request.outcome { return "" }
        if detail != .normal, case .skipped = request.outcome { return "" }
        var text = ""
        let indent = showsFileHeaders ? "  " : ""
        let time = style.dim(DurationText.format(request.duration))
        let status = request.details?.statusText ?? request.status.map { String($0) } ?? "---"
        var attempts = request.attempts > 1 ? style.dim(" (\(request.attempts) attempts)") : ""
        if let runs = request.repeatedRuns { attempts = style.dim("  ×\(runs.count) runs") + (request.attempts > runs.count ? style.dim(" (\(request.attempts) attempts)") : "") }
        let notes = request.notes.isEmpty ? "" : "  " + style.cyan(request.notes.joined(separator: ", "))
        switch request.outcome {
        case .passed:
            text += "\(indent)\(style.green("✓")) \(request.name)  \(style.green(status))  \(time)\(attempts)\(notes)\n"
            for warning in request.warnings { text += warning.rendered(colors: style.enabled) + "\n" }
        case .failed, .error:
            text += "\(indent)\(style.red("✗")) \(request.name)  \(style.red(status))  \(time)\(attempts)\(notes)\n"
            for failure in request.failures { text += failure.rendered(colors: style.enabled) + "\n" }
            for warning in request.warnings { text += warning.rendered(colors: style.enabled) + "\n" }
        case .skipped:
            text += "\(indent)\(style.yellow("-")) \(request.name)  \(style.yellow("skipped"))" + (request.skipReason.map { style.dim(": \($0)") } ?? "") + "\n"
        }
        return text
    }

    /// Clears the progress line and prints the latency table and the summary line of a finished run.
    package func finish(_ totals: RunTally.Totals, duration: Duration, interrupted: Bool = false) {
        let clear = progress.withLock { state -> String in
            defer { state.shown = false; state.enabled = false }
            return state.shown ? "\r\u{1B}[2K" : ""
        }
        let latency = LatencyTable.render(totals.latency, showsFiles: totals.paths.count > 1, style: style, showsTable: detail == .normal)
        let summary = totals.summary
        let (requests, files) = (totals.requests, summary.files)
        let line = summary.failed + summary.errors > 0 ? style.red(summary.line) : style.green(summary.line)
        let detail = style.dim("  (\(requests) request\(requests == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"), \(DurationText.format(duration)))")
        sink.write(clear + latency + snapshotLine(totals.snapshots) + (interrupted ? style.yellow("interrupted: ") : "") + line + detail + "\n")
    }

    /// `snapshots: 2 written, 1 updated, 1 obsolete`, when the run touched any.
    private func snapshotLine(_ summaries: [SnapshotSummary]) -> String {
        let counts = [
            (summaries.reduce(0) { $0 + $1.written.count }, "written"), (summaries.reduce(0) { $0 + $1.updated.count }, "updated"),
            (summaries.reduce(0) { $0 + $1.obsolete.count }, "obsolete"), (summaries.reduce(0) { $0 + $1.removed.count }, "removed"),
        ].filter { $0.0 > 0 }
        guard !counts.isEmpty else { return "" }
        return "snapshots: " + counts.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + "\n"
    }
}
