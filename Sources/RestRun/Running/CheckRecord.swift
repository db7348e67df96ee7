import Synchronization

/// The outcome of the last check the networker asked for while it retried a request.
final class CheckRecord: Sendable {
    private let last = Mutex<ResponseChecker.Outcome?>(nil)

    /// Keeps `outcome` as the last one.
    func keep(_ outcome: ResponseChecker.Outcome) { last.withLock { $0 = outcome } }

    /// The last outcome kept, if any.
    var outcome: ResponseChecker.Outcome? { last.withLock { $0 } }
}
