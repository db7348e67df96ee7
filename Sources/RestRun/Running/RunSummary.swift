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
    /// Requests (counted among `errors`) that did not fit what the server declares, found only
    /// once it answered (a gRPC message checked against its reflection): mistakes in a file, as
    /// an invalid file's are.
    package var invalidRequests = 0

    /// Counts the results of `files`.
    public init(_ files: [FileResult]) {
        for file in files { add(file) }
    }

    /// Counts `file` and its requests.
    package mutating func add(_ file: FileResult) {
        files += 1
        if file.isInvalid { invalidFiles += 1 }
        for result in file.requests {
            count(result.outcome, by: 1)
            if result.outcome == .error, result.invalidRequest { invalidRequests += 1 }
        }
    }

    /// Counts a request's outcome `by` more (or less, with -1).
    package mutating func count(_ outcome: RequestResult.Verdict, by change: Int) {
        switch outcome {
        case .passed: passed += change
        case .failed: failed += change
        case .error: errors += change
        case .skipped: skipped += change
        }
    }

    /// 0 all passed, 2 a file (or a request, once the server declared its methods) was invalid, 3 a runtime error, 4 an expectation failed: the highest
    /// that applies.
    public var exitCode: ExitCode {
        if failed > 0 { return .expectationFailed }
        if errors > invalidRequests { return .runtimeError }
        if invalidFiles > 0 || invalidRequests > 0 { return .invalidFile }
        return .success
    }

    /// `N passed, N failed, N skipped`: errors count as failed here; invalid files are added.
    public var line: String {
        "\(passed) passed, \(failed + errors) failed, \(skipped) skipped"
            + (invalidFiles > 0 ? ", \(invalidFiles) invalid file\(invalidFiles == 1 ? "" : "s")" : "")
    }
}
