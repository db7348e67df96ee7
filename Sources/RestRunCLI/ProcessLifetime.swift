import Synchronization

/// What a command keeps until the process exits. A run's loaded files and report are freed by the
/// exit itself rather than object by object just before it, as compilers do (`clang
/// -disable-free`).
enum ProcessLifetime {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value` alive until the process exits.
    static func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }
}
