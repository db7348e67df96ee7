package import RestRun

/// The report files of `rest-run fuzz`: JUnit (a test case per operation, a `<failure>` per
/// finding), JSON, and one self-contained HTML page. Every text is redacted before it is written.
package enum FuzzReports {
    /// The JUnit XML: one test suite, a test case per operation named `METHOD /path`, failed with
    /// one `<failure>` per finding on it.
    package static func junit(_ report: FuzzReport, spec: OpenAPISpec, selected: [Int], redactor: Redactor, timestamp: String = ISO8601.now()) -> String {
        func text(_ value: String) -> String { MarkupText.escape(redactor.redact(value)) }
        let names = selected.map { spec.operations[$0].name }
        let failing = Set(report.findings.map(\.operation))
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"rest-run fuzz\" tests=\"\(names.count)\" failures=\"\(names.filter(failing.contains).count)\" errors=\"0\" time=\"\(JUnitReport.secondsText(report.duration))\">\n"
        xml += "  <testsuite name=\"\(text("fuzz " + spec.path))\" tests=\"\(names.count)\" failures=\"\(names.filter(failing.contains).count)\" errors=\"0\" skipped=\"0\" time=\"\(JUnitReport.secondsText(report.duration))\" timestamp=\"\(MarkupText.escape(timestamp))\">\n"
        xml += "    <properties><property name=\"seed\" value=\"\(report.seed)\"/></properties>\n"
        for name in names {
            let line = report.operations.first { $0.name == name }
            xml += "    <testcase classname=\"\(text(spec.path))\" name=\"\(text(name))\" time=\"\(JUnitReport.secondsText(line?.duration ?? .zero))\""
            let findings = report.findings.filter { $0.operation == name }
            guard !findings.isEmpty else {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            for finding in findings {
                var body = ([finding.message] + finding.details + finding.steps.map { FuzzConsole.curl($0.request) }).joined(separator: "\n")
                if let file = finding.file { body += "\nsaved: \(file)" }
                xml += "      <failure message=\"\(text("\(finding.check.rawValue): \(finding.check.summary), status \(finding.status)"))\" type=\"\(finding.check.rawValue)\">\(text(body))</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// The JSON report: the run, each operation's line, and each finding with its requests.
    package static func json(_ report: FuzzReport, spec: OpenAPISpec, baseURL: String, redactor: Redactor) -> DecodedValue {
        func string(_ value: String) -> DecodedValue { .string(redactor.redact(value)) }
        let operations = report.operations.map { line -> DecodedValue in
            .object(fromPairs: [
                ("name", string(line.name)), ("requests", .integer(line.requests)),
                ("findings", .object(fromPairs: line.findings.sorted { $0.key < $1.key }.map { ($0.key.rawValue, DecodedValue.integer($0.value)) })),
            ])
        }
        let findings = report.findings.map { members($0, redactor: redactor) }
        return .object(fromPairs: [
            ("spec", string(spec.path)), ("url", string(baseURL)), ("seed", .integer(Int(truncatingIfNeeded: report.seed))),
            ("requests", .integer(report.requests)), ("duration_ms", .number(report.duration.milliseconds)),
            ("stopped_by", report.stoppedBy.map(DecodedValue.string) ?? .null),
            ("operations", .array(operations)), ("findings", .array(findings)),
            ("coverage", CoverageReport([spec], hits: report.hits).json),
        ])
    }

    /// A finding's members in the JSON report (and in `--report-ndjson`'s `finding` line): the
    /// operation, the check, the status, the message and details, each request with its curl
    /// command, and the file it was saved in.
    package static func members(_ finding: FuzzFinding, redactor: Redactor) -> DecodedValue {
        func string(_ value: String) -> DecodedValue { .string(redactor.redact(value)) }
        let steps = finding.steps.map { step -> DecodedValue in
            .object(fromPairs: [
                ("method", .string(step.request.method.rawValue)), ("url", string(step.request.url)),
                ("status", .integer(step.status)), ("curl", string(FuzzConsole.curl(step.request))),
            ])
        }
        return .object(fromPairs: [
            ("operation", string(finding.operation)), ("check", .string(finding.check.rawValue)), ("summary", .string(finding.check.summary)),
            ("status", .integer(finding.status)), ("message", string(finding.message)), ("details", .array(finding.details.map(string))),
            ("steps", .array(steps)), ("file", finding.file.map(string) ?? .null),
        ])
    }

    /// The HTML page: the summary, a line per operation, and each finding with its requests.
    package static func html(_ report: FuzzReport, spec: OpenAPISpec, baseURL: String, redactor: Redactor, timestamp: String = ISO8601.now()) -> String {
        func text(_ value: String) -> String { MarkupText.escape(redactor.redact(value)) }
        let summary = FuzzConsole.summary(report).trimmingCharacters(in: "\n")
        var html = HTMLReport.head(title: "rest-run fuzz: \(text(summary))") + """
            <body>
            <header>
            <h1>rest-run fuzz report</h1>
            <p id="summary" class="\(report.findings.isEmpty ? "passed" : "failed")">\(text(summary))</p>
            <p class="meta">\(text(spec.path)) at \(text(baseURL)), \(MarkupText.escape(timestamp)), rest-run \(MarkupText.escape(RestRunVersion.current))</p>
            </header>
            <main>
            <section class="file \(report.findings.isEmpty ? "passed" : "failed")">
            <h2>Operations</h2>
            <table>
            <thead><tr><th></th><th>Operation</th><th>Requests</th><th>Findings</th></tr></thead>
            <tbody>

            """
        for line in report.operations {
            let outcome = line.findings.isEmpty ? "passed" : "failed"
            let found = line.findings.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
            html += "<tr class=\"request \(outcome)\"><td class=\"icon\">\(line.findings.isEmpty ? "✓" : "✗")</td><td class=\"name\">\(text(line.name))</td>"
            html += "<td class=\"status\">\(line.requests)</td><td>\(text(found))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"
        if !report.findings.isEmpty {
            html += "<section class=\"file failed\">\n<h2>Findings</h2>\n"
            for (number, finding) in report.findings.enumerated() {
                let status = finding.status == 0 ? "no answer" : String(finding.status)
                html += "<h3 class=\"finding\">\(number + 1). \(text(finding.check.rawValue)) (\(text(finding.check.summary))) on \(text(finding.operation)), \(text(status))</h3>\n"
                var lines = [finding.message] + finding.details + finding.steps.map { FuzzConsole.curl($0.request) }
                if let file = finding.file { lines.append("saved: \(file)") }
                html += "<pre class=\"diagnostic\">\(text(lines.joined(separator: "\n")))</pre>\n"
            }
            html += "</section>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }
}
