/// Workflow commands that make GitHub Actions show failures on the YAML line of a pull request:
/// `::error file=requests/a.yaml,line=17,col=9::expectation failed: $.id`.
package enum GitHubAnnotations {
    /// One `::error` line per failure of the failed requests in `files`, and one `::warning` line
    /// per warning (what a request sends that its OpenAPI spec does not allow).
    public static func render(_ files: [FileResult]) -> String {
        var lines: [String] = []
        for file in files {
            for request in file.requests {
                for warning in request.warnings {
                    lines.append(line(for: warning, title: "rest-run: \(request.name)"))
                }
            }
            for request in file.requests where request.outcome == .failed || request.outcome == .error {
                for failure in request.failures {
                    var properties: [String] = []
                    if let location = failure.location ?? request.location {
                        properties = ["file=\(property(location.file))", "line=\(location.line)", "col=\(location.column)"]
                    }
                    properties.append("title=\(property("rest-run: \(request.name)"))")
                    let body = ([failure.message] + failure.notes).joined(separator: "\n")
                    lines.append("::error \(properties.joined(separator: ","))::\(data(body))")
                }
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// One `::error` line per diagnostic (a file that could not be loaded, in `run` or `check`).
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { line(for: $0, title: "rest-run") + "\n" }.joined()
    }

    private static func line(for diagnostic: Diagnostic, title: String) -> String {
        var properties: [String] = []
        if let location = diagnostic.location {
            properties = ["file=\(property(location.file))", "line=\(location.line)", "col=\(location.column)"]
        }
        properties.append("title=\(property(title))")
        let kind = diagnostic.severity == .error ? "error" : "warning"
        return "::\(kind) \(properties.joined(separator: ","))::\(data(([diagnostic.message] + diagnostic.notes).joined(separator: "\n")))"
    }

    private static func data(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    private static func property(_ text: String) -> String {
        data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
