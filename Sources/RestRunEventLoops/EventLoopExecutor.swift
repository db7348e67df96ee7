package import NIOCore

/// A Swift Concurrency task executor that runs jobs on a SwiftNIO event loop. A run whose tasks
/// prefer the event loop that also does the HTTP client's I/O resumes after every `await` on that
/// same thread: no thread switch per request, which is most of a request's cost on loopback.
/// rest-run's runs and loads use it, and `rest-run-grpc`'s calls, whose messages then go from the
/// socket to the task that waits for them without a switch of threads.
package final class EventLoopExecutor: TaskExecutor {
    /// The event loop jobs run on.
    public let eventLoop: any EventLoop

    /// An executor for `eventLoop`.
    public init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    /// Runs `job` on the event loop.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
