/// Counts over a whole run, and the exit code they call for.
public struct RunSummary: Sendable, Equatable {
    /// Requests that passed.
    public var passed = 0
    /// Requests whose expectations failed.
    public var failed = 0
    /// Requests that got no usable response.
    public var errors = 0
    /// Requests not sent.
    public var skipped = 0
    /// Files run.
    public var files = 0
    /// Files that could not be loaded.
    public var invalidFiles = 0

    /// Counts the results of `files`.
    public init(_ files: [FileResult]) {
        self.files = files.count
        invalidFiles = files.count { $0.isInvalid }
        for result in files.flatMap(\.requests) {
            switch result.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
    }

    /// 0 all passed, 2 a file was invalid, 3 a runtime error, 4 an expectation failed: the highest
    /// that applies.
    public var exitCode: ExitCode {
        if failed > 0 { return .expectationFailed }
        if errors > 0 { return .runtimeError }
        if invalidFiles > 0 { return .invalidFile }
        return .success
    }

    /// `N passed, N failed, N skipped`: errors count as failed here; invalid files are added.
    public var line: String {
        "\(passed) passed, \(failed + errors) failed, \(skipped) skipped"
            + (invalidFiles > 0 ? ", \(invalidFiles) invalid file\(invalidFiles == 1 ? "" : "s")" : "")
    }
}
