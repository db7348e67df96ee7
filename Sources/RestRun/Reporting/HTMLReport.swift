/// An HTML report: one self-contained page (no network, no external assets) with the summary,
/// every file and request with its status, time and a timing bar, each failure with the request
/// file's line, caret, expected and actual, retries' attempts, skipped reasons, latency numbers,
/// a stream's events, and a "failures only" toggle. Every text is redacted before it is escaped.
package enum HTMLReport {
    /// The most events of one stream the page lists.
    static let shownEvents = 50

    /// The page for `files`; `timestamp` is when the run ended.
    package static func render(_ files: [FileResult], redactor: Redactor, timestamp: String = ISO8601.now()) -> String {
        let summary = RunSummary(files)
        let slowest = files.flatMap(\.requests).map(\.duration).max() ?? .zero
        let total = files.reduce(Duration.zero) { $0 + $1.duration }
        func text(_ value: String) -> String { escape(redactor.redact(value)) }

        var html = head(title: "rest-run: \(text(summary.line))") + """
            <body>
            <header>
            <h1>rest-run report</h1>
            <p id="summary" class="\(summary.failed + summary.errors + summary.invalidFiles > 0 ? "failed" : "passed")">\(text(summary.line))</p>
            <p class="meta">\(files.count) file\(files.count == 1 ? "" : "s"), \(escape(DurationText.format(total))), exit code \(summary.exitCode.rawValue), \(escape(timestamp)), rest-run \(escape(RestRunVersion.current))</p>
            <label class="toggle"><input type="checkbox" id="failures-only"> Failures only</label>
            </header>
            <main>

            """
        for file in files {
            let failing = file.isInvalid || file.requests.contains { $0.outcome == .failed || $0.outcome == .error }
            html += "<section class=\"file \(file.isInvalid ? "invalid" : failing ? "failed" : "passed")\">\n"
            html += "<h2><span class=\"path\">\(text(file.path))</span>"
            if file.name != file.path { html += " <span class=\"suite\">\(text(file.name))</span>" }
            html += " <span class=\"time\">\(escape(DurationText.format(file.duration)))</span></h2>\n"
            if file.isInvalid {
                html += "<div class=\"detail invalid\"><p>This file could not be loaded; nothing in it was sent.</p>\n"
                for problem in file.problems { html += "<pre class=\"diagnostic\">\(text(problem.rendered(colors: false)))</pre>\n" }
                html += "</div>\n</section>\n"
                continue
            }
            html += "<table>\n<thead><tr><th></th><th>Request</th><th>Status</th><th>Time</th><th class=\"bar\">Timing</th></tr></thead>\n<tbody>\n"
            for request in file.requests {
                let outcome = request.outcome.rawValue
                let icon = switch request.outcome {
                case .passed: "✓"
                case .failed, .error: "✗"
                case .skipped: "–"
                }
                let share = slowest > .zero ? max(0.5, min(100, request.duration / slowest * 100)) : 0
                var time = escape(DurationText.format(request.duration))
                if let runs = request.repeatedRuns { time += " <span class=\"runs\">×\(runs.count)</span>" }
                if request.attempts > (request.repeatedRuns?.count ?? 1) { time += " <span class=\"attempts\">\(request.attempts) attempts</span>" }
                html += "<tr class=\"request \(outcome)\" data-outcome=\"\(outcome)\">"
                html += "<td class=\"icon\">\(icon)</td>"
                html += "<td class=\"name\">\(text(request.name))<div class=\"url\">\(escape(request.method.rawValue)) \(text(request.url))</div></td>"
                html += "<td class=\"status\">\(request.status.map(String.init) ?? (request.outcome == .skipped ? "skipped" : "—"))</td>"
                html += "<td class=\"time\">\(time)</td>"
                html += "<td class=\"bar\"><span style=\"width: \(Int(share.rounded()))%\"></span></td></tr>\n"
                var details: [String] = []
                if let reason = request.skipReason { details.append("<p class=\"skip\">skipped: \(text(reason))</p>") }
                for failure in request.failures { details.append("<pre class=\"diagnostic\">\(text(failure.rendered(colors: false)))</pre>") }
                for warning in request.warnings { details.append("<pre class=\"diagnostic warning\">\(text(warning.rendered(colors: false)))</pre>") }
                if let latency = request.latency { details.append("<p class=\"latency\">latency over \(text(latency.line))</p>") }
                if let received = request.details {
                    let (count, noun, shown) = received.reportLines(limit: Self.shownEvents)
                    if count > 0 {
                        let first = received.firstArrival.map { ", the first after " + DurationText.format($0) } ?? ""
                        let lines = shown + (count > shown.count ? ["… \(count - shown.count) more (the JSON report has them all)"] : [])
                        details.append("<details class=\"events\"><summary>\(count) \(noun)\(count == 1 ? "" : "s")\(escape(first))</summary>"
                            + "<pre>\(text(lines.joined(separator: "\n")))</pre></details>")
                    }
                }
                if !details.isEmpty {
                    html += "<tr class=\"detail \(outcome)\"><td></td><td colspan=\"4\">\(details.joined(separator: "\n"))</td></tr>\n"
                }
            }
            html += "</tbody>\n</table>\n</section>\n"
        }
        html += """
            </main>
            <script>\(script)</script>
            </body>
            </html>

            """
        return html
    }

    /// Text safe in HTML content and attribute values.
    static func escape(_ text: String) -> String { MarkupText.escape(text) }

    /// The page's start, up to `</head>`; `title` is escaped already.
    package static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>\(style)</style>
        </head>

        """
    }

    package static let style = """
        :root { color-scheme: light dark; --pass: #1a7f37; --fail: #cf222e; --skip: #9a6700; --line: #d0d7de; --muted: #656d76; }
        body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        h2 { font-size: 15px; margin: 24px 0 8px; display: flex; gap: 10px; align-items: baseline; }
        h2 .suite, h2 .time, .meta, .url, .runs, .attempts { color: var(--muted); font-weight: normal; }
        .url { font-size: 12px; word-break: break-all; }
        #summary { font-size: 16px; font-weight: 600; margin: 4px 0; }
        #summary.passed, .request.passed .icon { color: var(--pass); }
        #summary.failed, .request.failed .icon, .request.error .icon, .file.invalid h2 { color: var(--fail); }
        .request.skipped .icon, .skip { color: var(--skip); }
        .toggle { user-select: none; cursor: pointer; }
        table { border-collapse: collapse; width: 100%; table-layout: fixed; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: 12px; color: var(--muted); font-weight: 600; }
        th:first-child { width: 1.2em; }
        td.icon { font-weight: bold; }
        th:nth-child(3) { width: 70px; }
        th:nth-child(4) { width: 150px; }
        th.bar { width: 20%; }
        td.name { overflow-wrap: anywhere; }
        td.status, td.time { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        td.bar span { display: block; height: 8px; margin-top: 6px; border-radius: 4px; background: var(--pass); min-width: 2px; }
        .request.failed td.bar span, .request.error td.bar span { background: var(--fail); }
        .request.skipped td.bar span { background: var(--skip); }
        tr.detail td { border-bottom: 1px solid var(--line); }
        pre.diagnostic { margin: 4px 0; padding: 8px 10px; background: rgba(207, 34, 46, 0.07); border-left: 3px solid var(--fail); overflow-x: auto; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
        pre.diagnostic.warning { background: rgba(154, 103, 0, 0.08); border-left-color: var(--skip); }
        .latency { font-size: 12px; color: var(--muted); margin: 4px 0; }
        body.failures-only .request.passed, body.failures-only .request.skipped, body.failures-only tr.detail.passed,
        body.failures-only tr.detail.skipped, body.failures-only .file.passed { display: none; }
        """

    static let script = """
        (function () {
          var toggle = document.getElementById("failures-only");
          function apply() { document.body.classList.toggle("failures-only", toggle.checked); }
          toggle.addEventListener("change", apply);
          if (location.hash === "#failures") { toggle.checked = true; }
          apply();
          document.body.setAttribute("data-ready", "yes");
        })();
        """
}
