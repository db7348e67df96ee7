/// The exit codes of `rest-run`, the highest that applies.
public enum ExitCode: Int32, Sendable, Comparable {
    /// Everything passed.
    case success = 0
    /// A usage error: an unknown flag, a missing argument.
    case usage = 1
    /// An invalid request file (the valid ones still ran).
    case invalidFile = 2
    /// A runtime error: connection refused, timeout, TLS, body over the limit.
    case runtimeError = 3
    /// An expectation failed.
    case expectationFailed = 4
    /// The run was interrupted with Ctrl-C (128 + SIGINT); reports hold what ran.
    case interrupted = 130

    /// Orders by code.
    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
