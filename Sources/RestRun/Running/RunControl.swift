import Synchronization

/// Stops a run early, shared by every file of it: `--fail-fast` stops after the first failure.
package final class RunControl: Sendable {
    private let stopped = Atomic(false)

    /// Creates a control that has not stopped.
    public init() {}

    /// Whether the run should start no more requests.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Stops the run: requests already sent finish, no new one starts.
    public func stop() { stopped.store(true, ordering: .releasing) }
}
