import Dispatch
import Synchronization

/// Waits for async work from a thread that may block (the loader's, or rest-run's last moments),
/// never from a task or an event loop.
enum MCPBlockingWait {
    /// `work`'s result, or nil when it took longer than `limit` (it is then cancelled).
    static func run<Output: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async -> Output) -> Output? {
        let semaphore = DispatchSemaphore(value: 0)
        let box = Mutex<Output?>(nil)
        let task = Task {
            let output = await work()
            box.withLock { $0 = output }
            semaphore.signal()
        }
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(min(seconds, 86_400)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        if semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut { task.cancel() }
        return box.withLock { $0 }
    }
}
