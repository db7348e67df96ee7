import RestRun

/// The lines `rest-run fuzz` prints: one per operation as it finishes, each finding once with the
/// curl command that shows it and the file it was saved to, and the summary.
package enum FuzzConsole {
    /// `GET /items/{id}  100 requests  ok`, or the findings by check.
    package static func line(_ operation: FuzzReport.OperationTally, width: Int, colors: Bool) -> String {
        let name = operation.name + String(repeating: " ", count: max(0, width - operation.name.count))
        let requests = "\(operation.requests) request\(operation.requests == 1 ? "" : "s")"
        if operation.requests == 0 {
            return "\(TerminalStyle(enabled: colors).yellow("–")) \(name)  no request: no value its schemas allow could be built, nor one they refuse\n"
        }
        guard !operation.findings.isEmpty else { return "\(TerminalStyle(enabled: colors).green("✓")) \(name)  \(requests)\n" }
        let found = operation.findings.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        return "\(TerminalStyle(enabled: colors).red("✗")) \(name)  \(requests)  \(found)\n"
    }

    /// A finding: what failed, the details, the curl command and the saved file.
    package static func finding(_ finding: FuzzFinding, number: Int, colors: Bool) -> String {
        let status = finding.status == 0 ? "no answer" : String(finding.status)
        var text = "\(number). \(TerminalStyle(enabled: colors).red(finding.check.rawValue)) (\(finding.check.summary)) on \(finding.operation), \(status)\n"
        text += "   \(finding.message)\n"
        for detail in finding.details.prefix(4) { text += "   \(detail.truncatedForDisplay())\n" }
        for step in finding.steps { text += "   \(curl(step.request))\n" }
        if let file = finding.file { text += "   saved: \(file)\n" }
        return text
    }

    /// The request as a curl command (the run's headers too).
    static func curl(_ request: PreparedRequest) -> String {
        var parts = ["curl", "-X", request.method.rawValue, CurlCommand.quote(request.url)]
        for (name, value) in request.fileHeaders where !request.headers.contains(name) { parts += ["-H", CurlCommand.quote("\(name): \(value)")] }
        for field in request.headers.fields { parts += ["-H", CurlCommand.quote("\(field.name): \(field.value)")] }
        if let body = request.body {
            if let type = body.contentType, !request.headers.contains("Content-Type") { parts += ["-H", CurlCommand.quote("Content-Type: \(type)")] }
            parts += ["--data-binary", CurlCommand.quote(String(decoding: body.bytes, as: UTF8.self))]
        }
        return parts.joined(separator: " ")
    }

    /// `3 findings in 2 operations; 1,204 requests in 3.2 s (seed 42)`.
    package static func summary(_ report: FuzzReport) -> String {
        let findings = report.findings.count
        let operations = Set(report.findings.map(\.operation)).count
        var text = findings == 0 ? "no findings" : "\(findings) finding\(findings == 1 ? "" : "s") in \(operations) operation\(operations == 1 ? "" : "s")"
        text += "; \(report.requests) request\(report.requests == 1 ? "" : "s") in \(DurationText.format(report.duration)) (seed \(report.seed))"
        if let stopped = report.stoppedBy { text += "; stopped by \(stopped)" }
        return text + "\n"
    }
}
