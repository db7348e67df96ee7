import RestRun
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C presses so far, counted by the signal handler (an atomic: safe in a handler).
private let presses = Atomic<Int>(0)

/// The SIGINT handler: counts the press; the second one exits at once with 130. Only
/// async-signal-safe calls (an atomic add, `write`, `_exit`).
private func countPress(_: Int32) {
    let (_, count) = presses.add(1, ordering: .relaxed)
    if count >= 2 { _exit(130) }
    let message: StaticString = "\ninterrupted: stopping the run and writing reports (Ctrl-C again to quit)\n"
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
}

/// Turns the first Ctrl-C into a cancellation of the run, so that results so far are reported and
/// written; a second Ctrl-C exits at once with 130. A plain signal handler counts the presses
/// (whichever thread the kernel picks receives it), and a task watching the count cancels the run.
final class Interruption: Sendable {
    private let watcher: Task<Void, Never>

    /// Counts Ctrl-C presses from now on (`run` calls it first thing, so that a press during
    /// loading is not lost, whatever SIGINT disposition the process inherited).
    static func listen() {
        unblock()
        signal(SIGINT, countPress)
    }

    /// Calls `cancel` on the first Ctrl-C (one pressed since `listen()` too).
    init(cancel: @escaping @Sendable () -> Void) {
        Self.listen()
        watcher = Task.detached {
            while !Task.isCancelled {
                if presses.load(ordering: .relaxed) > 0 {
                    cancel()
                    return
                }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Unblocks SIGINT in the calling thread (and the threads it starts later): a process started
    /// from a thread that blocks signals (a test runner's worker, some CI agents) inherits the
    /// block, and a blocked Ctrl-C would never reach the handler.
    private static func unblock() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Whether Ctrl-C was pressed.
    var happened: Bool { presses.load(ordering: .relaxed) > 0 }

    /// Stops listening and restores the default SIGINT behaviour.
    func end() {
        watcher.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
