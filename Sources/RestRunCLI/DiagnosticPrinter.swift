import RestRun

/// How every command prints the problems a user can fix: compiler-style diagnostics on standard
/// error and, on GitHub Actions, an `::error` annotation for each on standard output, so a file
/// error shows on the pull request's diff.
struct DiagnosticPrinter {
    /// Where diagnostics go (standard error, through the redactor).
    let errors: any TextSink
    /// Where annotations go (standard output, through the redactor).
    let annotations: any TextSink
    /// Whether diagnostics are coloured.
    let colors: Bool

    /// Prints `list`.
    func print(_ list: DiagnosticList) {
        errors.write(list.diagnostics.map { $0.rendered(colors: colors) }.joined(separator: "\n") + "\n")
        if ProcessEnvironment.current["GITHUB_ACTIONS"] == "true" {
            annotations.write(GitHubAnnotations.render(list.diagnostics))
        }
    }
}
