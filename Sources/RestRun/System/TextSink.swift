#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SystemPackage

/// Somewhere text goes: the terminal, a pipe, or a buffer in a test. Each `write` arrives whole, so
/// lines from files running in parallel never interleave mid-line.
public protocol TextSink: Sendable {
    /// Writes `text` as one piece.
    func write(_ text: String)
    /// Whether the sink is an interactive terminal.
    var isTerminal: Bool { get }
}

/// A sink that writes to a file descriptor (standard output or standard error).
public final class FileDescriptorSink: TextSink {
    private let descriptor: Int32
    private let lock = Mutex(())

    /// Standard output.
    public static let standardOutput = FileDescriptorSink(descriptor: 1)
    /// Standard error.
    public static let standardError = FileDescriptorSink(descriptor: 2)

    /// Creates a sink for an open descriptor.
    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes all of `text`, retrying short writes.
    public func write(_ text: String) {
        lock.withLock { _ in
            let bytes = Array(text.utf8)
            // Retries interrupted and short writes; a closed pipe drops the rest.
            _ = try? FileDescriptor(rawValue: descriptor).writeAll(bytes)
        }
    }
}

/// A sink that keeps what is written, for tests and for reports built in memory.
package final class BufferSink: TextSink {
    private let storage = Mutex("")

    /// Creates an empty buffer.
    package init() {}

    /// Appends `text`.
    package func write(_ text: String) { storage.withLock { $0 += text } }

    /// Never a terminal.
    package var isTerminal: Bool { false }

    /// Everything written so far.
    package var text: String { storage.withLock { $0 } }
}
