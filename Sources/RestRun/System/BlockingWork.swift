import NIOPosix

/// Work that may block its thread: loading a file asks the helper programs (GraphQL, gRPC) and
/// waits for their answers. It runs on a thread of NIO's pool for blocking work, never on an event
/// loop or in a task, whose threads are Swift's shared few.
package enum BlockingWork {
    /// `body`'s result, computed on a thread of the blocking pool.
    package static func run<Output: Sendable>(_ body: @escaping @Sendable () -> Output) async -> Output {
        (try? await NIOThreadPool.singleton.runIfActive(body)) ?? body()
    }
}
