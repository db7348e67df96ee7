import NIOCore

/// Runs tasks on one event loop, the loop that also carries the calls' connections: a message
/// then goes from the socket to the task that waits for it without a switch of threads, where
/// Swift's own pool beside the loop would cost two switches for every message of every call.
final class LoopExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
