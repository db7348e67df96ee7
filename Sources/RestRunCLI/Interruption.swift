import RestRun
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the first Ctrl-C into a cancellation of the run, so that results so far are reported and
/// written; a second Ctrl-C exits at once with 130.
final class Interruption {
    /// Ctrl-C presses, shared with the signal handler.
    private final class Presses: Sendable {
        let count = Atomic(0)
    }

    private let source: any DispatchSourceSignal
    private let presses = Presses()

    /// Starts listening for SIGINT and calls `cancel` on the first one.
    init(cancel: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let presses = self.presses
        source.setEventHandler {
            let (count, _) = presses.count.add(1, ordering: .relaxed)
            if count >= 2 { _exit(130) }
            FileDescriptorSink.standardError.write("\ninterrupted: stopping the run and writing reports (Ctrl-C again to quit)\n")
            cancel()
        }
        source.resume()
    }

    /// Whether Ctrl-C was pressed.
    var happened: Bool { presses.count.load(ordering: .relaxed) > 0 }

    /// Stops listening and restores the default SIGINT behaviour.
    func end() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
