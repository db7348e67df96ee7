import Foundation
import RestRunTestSupport
import Synchronization
import Testing

/// The test servers on raw sockets serve each connection on a thread of its own: one that cannot
/// be made must be seen (Foundation's `Thread.start()` ignores it, and the connection was then left
/// unanswered until its client's timeout).
@Suite("Test servers' threads")
struct TestServerThreadTests {
    @Test("every thread asked for runs its work; one the system refuses is reported, and its work never runs")
    func threads() async throws {
        let ran = Mutex(0)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<50 {
            #expect(ServingThread.start {
                ran.withLock { $0 += 1 }
                finished.signal()
            })
        }
        for _ in 0..<50 { #expect(finished.wait(timeout: .now() + 30) == .success) }
        #expect(ran.withLock { $0 } == 50)

        // A stack larger than any address space: no system makes that thread.
        let refused = ServingThread.start(stackSize: Int.max / 2, patience: .milliseconds(20)) {
            ran.withLock { $0 += 1 }
        }
        #expect(!refused)
        #expect(ran.withLock { $0 } == 50)
    }
}
