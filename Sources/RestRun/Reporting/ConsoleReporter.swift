/// Prints a run as it happens: a line per request (mark, name, status, time), every failure as a
/// diagnostic under it, and a summary at the end.
public struct ConsoleReporter: RunObserver {
    /// How much to print.
    public enum Detail: Sendable {
        /// Failures and the summary only.
        case quiet
        /// A line per request.
        case normal
    }

    /// Where the lines go.
    public let sink: any TextSink
    /// Whether to colour.
    public let style: TerminalStyle
    /// How much to print.
    public let detail: Detail
    /// Whether a header line is printed before each file (more than one file in the run).
    public let showsFileHeaders: Bool

    /// Creates a reporter.
    public init(sink: any TextSink, colors: Bool, detail: Detail = .normal, showsFileHeaders: Bool = true) {
        self.sink = sink
        self.style = TerminalStyle(enabled: colors)
        self.detail = detail
        self.showsFileHeaders = showsFileHeaders
    }

    /// Prints the file's name.
    public func runner(didStart file: RequestFile) {
        guard detail == .normal, showsFileHeaders else { return }
        sink.write(style.bold("\(file.path)") + (file.name != RequestFileLoader.defaultName(for: file.path) ? style.dim(" — \(file.name)") : "") + "\n")
    }

    /// Prints the request's line and its failures.
    public func runner(didFinish request: RequestResult, in file: RequestFile) {
        sink.write(text(for: request))
    }

    /// The lines printed for one request.
    public func text(for request: RequestResult) -> String {
        var text = ""
        let indent = showsFileHeaders ? "  " : ""
        let time = style.dim(DurationText.format(request.duration))
        let status = request.status.map { String($0) } ?? "---"
        let attempts = request.attempts > 1 ? style.dim(" (\(request.attempts) attempts)") : ""
        switch request.outcome {
        case .passed:
            guard detail == .normal else { return "" }
            text += "\(indent)\(style.green("✓")) \(request.name)  \(style.green(status))  \(time)\(attempts)\n"
        case .failed, .error:
            text += "\(indent)\(style.red("✗")) \(request.name)  \(style.red(status))  \(time)\(attempts)\n"
            for failure in request.failures { text += failure.rendered(colors: style.enabled) + "\n" }
        case .skipped:
            guard detail == .normal else { return "" }
            text += "\(indent)\(style.yellow("-")) \(request.name)  \(style.yellow("skipped"))" + (request.skipReason.map { style.dim(": \($0)") } ?? "") + "\n"
        }
        return text
    }

    /// Prints the summary line of a finished run.
    public func finish(_ files: [FileResult], duration: Duration) {
        let summary = RunSummary(files)
        let requests = files.reduce(0) { $0 + $1.requests.count }
        var line = summary.line
        if summary.failed + summary.errors > 0 {
            line = style.red(line)
        } else {
            line = style.green(line)
        }
        let detail = style.dim("  (\(requests) request\(requests == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s"), \(DurationText.format(duration)))")
        sink.write(line + detail + "\n")
    }
}
