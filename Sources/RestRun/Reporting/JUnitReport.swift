/// A JUnit XML report, as Jenkins, GitLab and GitHub test reporters read it: one `testsuite` per
/// file, one `testcase` per request, failures and errors with their message and YAML location.
package enum JUnitReport {
    /// Which attributes the report carries.
    package typealias Family = ReportFiles.JUnitFamily

    /// The report for `files`; `timestamp` is an ISO 8601 time for the suites.
    package static func render(_ files: [FileResult], timestamp: String = ISO8601.now(), family: Family = .strict) -> String {
        let summary = RunSummary(files)
        let total = files.reduce(0) { $0 + max($1.requests.count, $1.isInvalid ? 1 : 0) }
        let seconds = files.reduce(Duration.zero) { $0 + $1.duration }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"rest-run\" tests=\"\(total)\" failures=\"\(summary.failed)\" errors=\"\(summary.errors + summary.invalidFiles)\""
            + (family == .gitlab ? " skipped=\"\(summary.skipped)\"" : "") + " time=\"\(secondsText(seconds))\">\n"
        for file in files {
            if file.isInvalid {
                xml += invalidSuite(file, timestamp: timestamp, family: family)
                continue
            }
            let counts = RunSummary([file])
            xml += "  <testsuite name=\"\(escape(file.name))\" file=\"\(escape(file.path))\" tests=\"\(file.requests.count)\""
                + " failures=\"\(counts.failed)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\""
                + " time=\"\(secondsText(file.duration))\" timestamp=\"\(timestamp)\">\n"
            for request in file.requests {
                var attributes = "name=\"\(escape(request.name))\" classname=\"\(escape(file.path))\""
                if family == .gitlab {
                    attributes += " file=\"\(escape(file.path))\""
                    if let line = request.location?.line { attributes += " line=\"\(line)\"" }
                }
                attributes += " time=\"\(secondsText(request.duration))\""
                let latency = request.latency.map { "      <system-out>latency over \(escape($0.line))</system-out>\n" } ?? ""
                switch request.outcome {
                case .passed where !latency.isEmpty:
                    xml += "    <testcase \(attributes)>\n" + latency + "    </testcase>\n"
                case .passed:
                    xml += "    <testcase \(attributes)/>\n"
                case .skipped:
                    xml += "    <testcase \(attributes)>\n      <skipped message=\"\(escape(request.skipReason ?? "skipped"))\"/>\n    </testcase>\n"
                case .failed, .error:
                    let tag = request.outcome == .failed ? "failure" : "error"
                    let first = request.failures.first
                    let message = first.map { failure in
                        failure.location.map { "\($0): \(failure.message)" } ?? failure.message
                    } ?? "failed"
                    let details = request.failures.map(\.description).joined(separator: "\n\n")
                    xml += "    <testcase \(attributes)>\n"
                    xml += "      <\(tag) message=\"\(escape(message))\" type=\"\(request.outcome == .failed ? "expectation" : "runtime")\">"
                        + escape(details) + "</\(tag)>\n"
                    xml += latency + "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// A file that could not be loaded: a suite with one test case in error, holding every diagnostic.
    private static func invalidSuite(_ file: FileResult, timestamp: String, family: Family) -> String {
        let first = file.problems[0]
        let message = first.location.map { "\($0): \(first.message)" } ?? first.message
        let details = file.problems.map(\.description).joined(separator: "\n\n")
        var attributes = "name=\"\(escape(file.path)) is invalid\" classname=\"\(escape(file.path))\""
        if family == .gitlab {
            attributes += " file=\"\(escape(file.path))\""
            if let line = first.location?.line { attributes += " line=\"\(line)\"" }
        }
        return "  <testsuite name=\"\(escape(file.name))\" file=\"\(escape(file.path))\" tests=\"1\" failures=\"0\" errors=\"1\""
            + " skipped=\"0\" time=\"0.000\" timestamp=\"\(timestamp)\">\n"
            + "    <testcase \(attributes) time=\"0.000\">\n"
            + "      <error message=\"\(escape(message))\" type=\"invalid-file\">\(escape(details))</error>\n"
            + "    </testcase>\n  </testsuite>\n"
    }

    package static func secondsText(_ duration: Duration) -> String {
        let milliseconds = Int(duration.milliseconds.rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text safe in XML attributes and content.
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
