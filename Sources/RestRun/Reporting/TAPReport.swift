/// A TAP 13 report: one test point per request, failures with a YAML diagnostic block.
package enum TAPReport {
    /// The report for `files`.
    package static func render(_ files: [FileResult]) -> String {
        let requests = files.flatMap { file in file.requests.map { (file, $0) } }
        let invalid = files.filter(\.isInvalid)
        var lines = ["TAP version 13", "1..\(requests.count + invalid.count)"]
        for (index, file) in invalid.enumerated() {
            lines.append("not ok \(index + 1) - \(file.path.replacing("#", with: "\\#")): invalid file")
            lines.append("  ---")
            lines.append("  message: \(quoted(file.problems[0].message))")
            lines.append("  severity: error")
            if let location = file.problems[0].location { lines.append("  at: \(quoted(location.description))") }
            lines.append("  failures:")
            for problem in file.problems {
                lines.append("    - \(quoted(problem.location.map { "\($0): \(problem.message)" } ?? problem.message))")
            }
            lines.append("  ...")
        }
        for (position, (file, request)) in requests.enumerated() {
            let index = position + invalid.count
            let description = "\(file.path): \(request.name)".replacing("#", with: "\\#")
            switch request.outcome {
            case .passed:
                lines.append("ok \(index + 1) - \(description)")
            case .skipped:
                lines.append("ok \(index + 1) - \(description) # SKIP \(request.skipReason ?? "")")
            case .failed, .error:
                lines.append("not ok \(index + 1) - \(description)")
                lines.append("  ---")
                lines.append("  message: \(quoted(request.failures.first?.message ?? "failed"))")
                lines.append("  severity: \(request.outcome == .failed ? "fail" : "error")")
                if let location = request.failures.first?.location ?? request.location {
                    lines.append("  at: \(quoted(location.description))")
                }
                if let status = request.status { lines.append("  status: \(status)") }
                lines.append("  failures:")
                for failure in request.failures {
                    lines.append("    - \(quoted(failure.location.map { "\($0): \(failure.message)" } ?? failure.message))")
                    for note in failure.notes { lines.append("      # \(note.replacing("\n", with: " "))") }
                }
                lines.append("  ...")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        DecodedValue.string(text).jsonText
    }
}
