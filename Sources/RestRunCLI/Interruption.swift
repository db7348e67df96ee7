import Dispatch
import RestRun
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C presses so far, counted by the signal handler (an atomic: safe in a handler).
private let presses = Atomic<Int>(0)
/// The write end of the pipe the handler wakes the watcher through (-1 before `listen()`).
private let wakeUp = Atomic<Int32>(-1)

/// The SIGINT handler: counts the press and wakes the watcher; the second press exits at once
/// with 130. Only async-signal-safe calls (atomics, `write`, `_exit`).
private func countPress(_: Int32) {
    let (_, count) = presses.add(1, ordering: .relaxed)
    if count >= 2 { _exit(130) }
    let message: StaticString = "\ninterrupted: stopping the run and writing reports (Ctrl-C again to quit)\n"
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    var byte: UInt8 = 1
    let descriptor = wakeUp.load(ordering: .relaxed)
    if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
}

/// Turns the first Ctrl-C into a cancellation of the run, so that results so far are reported and
/// written; a second Ctrl-C exits at once with 130. A plain signal handler counts the presses
/// (whichever thread the kernel picks receives it) and writes a byte to a pipe; one watcher
/// thread, blocked on the pipe for the process's life (it costs nothing while it waits), calls
/// the cancellations registered then. `--watch` registers and ends one a run and one a wait.
final class Interruption: Sendable {
    private static let pipeEnds = Mutex<(read: Int32, write: Int32)?>(nil)
    /// What a press cancels, by registration.
    private static let handlers = Mutex<[Int: @Sendable () -> Void]>([:])
    private static let lastIdentifier = Atomic<Int>(0)
    private let identifier: Int

    /// Counts Ctrl-C presses from now on (`run` calls it first thing, so that a press during
    /// loading is not lost, whatever SIGINT disposition the process inherited).
    static func listen() {
        unblock()
        pipeEnds.withLock { ends in
            guard ends == nil else { return }
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else { return }
            ends = (descriptors[0], descriptors[1])
            wakeUp.store(descriptors[1], ordering: .relaxed)
            let readEnd = descriptors[0]
            DispatchQueue.global().async {
                var byte: UInt8 = 0
                while true {
                    let count = read(readEnd, &byte, 1)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return }
                    for cancel in handlers.withLock({ Array($0.values) }) { cancel() }
                }
            }
        }
        signal(SIGINT, countPress)
    }

    /// Calls `cancel` on the first Ctrl-C (one pressed since `listen()` too).
    init(cancel: @escaping @Sendable () -> Void) {
        Self.listen()
        identifier = Self.lastIdentifier.add(1, ordering: .relaxed).newValue
        Self.handlers.withLock { $0[identifier] = cancel }
        // A press before the registration has woken the watcher already.
        if presses.load(ordering: .relaxed) > 0 { cancel() }
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

    /// Stops calling this cancellation; with none left, Ctrl-C ends the process again, as by default.
    func end() {
        let isLast = Self.handlers.withLock { handlers in
            handlers[identifier] = nil
            return handlers.isEmpty
        }
        if isLast { signal(SIGINT, SIG_DFL) }
    }
}
