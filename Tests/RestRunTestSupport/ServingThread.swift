#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads for the test servers on raw sockets, made so that a failure to make one is seen.
///
/// Foundation's `Thread.start()` does nothing at all when the system cannot make a thread (too many
/// threads or processes at that moment, a stack it cannot map): a connection handed to such a thread
/// was never served nor closed, and its client waited for its own timeout (30 s) with nothing to
/// show why. This asks the system itself, and tries again a moment later while it refuses.
package enum ServingThread {
    /// Runs `body` on a new detached thread with a stack of `stackSize` bytes (the servers keep
    /// their buffers on the heap). Returns false when no thread could be made within `patience`;
    /// `body` is then never run and the caller must close what it would have served.
    package static func start(
        stackSize: Int = 1024 * 1024, patience: Duration = .seconds(10), _ body: @escaping @Sendable () -> Void
    ) -> Bool {
        let clock = ContinuousClock()
        let giveUp = clock.now + patience
        while true {
            if startOnce(body, stackSize: stackSize) { return true }
            if clock.now >= giveUp { return false }
            usleep(1000)
        }
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private static func startOnce(_ body: @escaping @Sendable () -> Void, stackSize: Int) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let made = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            #else
            guard let context else { return nil }
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, box)
        guard made == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        return true
    }
}
