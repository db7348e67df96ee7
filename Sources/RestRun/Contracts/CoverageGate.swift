/// `--min-coverage`: the sentence that fails a run whose OpenAPI coverage is too low.
package enum CoverageGate {
    /// Why `coverage` falls short of `minimum` percent of operations, or nil when it does not.
    package static func failure(_ coverage: CoverageReport?, minimum: Double) -> String? {
        guard let coverage else {
            return "--min-coverage \(CoverageReport.format(minimum)) needs a request file with 'openapi:'; none of the files has one"
        }
        guard coverage.percent < minimum else { return nil }
        let (covered, total) = coverage.operationCounts
        let missing = coverage.missing
        let listed = missing.prefix(10).joined(separator: ", ") + (missing.count > 10 ? ", and \(missing.count - 10) more" : "")
        return "OpenAPI coverage is \(CoverageReport.format(coverage.percent))% (\(covered) of \(total) operations), "
            + "below --min-coverage \(CoverageReport.format(minimum)); not exercised: \(listed)"
    }
}
