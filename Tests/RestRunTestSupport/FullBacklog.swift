#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening socket on 127.0.0.1 whose accept queue is full, so that a new connection is never
/// accepted: what a client sees of a host that answers nothing.
public struct FullBacklog: Sendable {
    /// The port nobody gets through to.
    public let port: Int
    private let descriptors: [Int32]

    /// Listens with a backlog of zero and fills it.
    public init() throws {
        let (listener, port) = try LoopbackSocket.listening(backlog: 0)
        self.port = port
        // Connections the kernel completes but nobody accepts fill the queue.
        let descriptors = [listener] + (0..<3).map { _ in LoopbackSocket.connecting(to: port) }
        self.descriptors = descriptors
        usleep(100_000)
    }

    /// Closes the listener and the connections that fill its queue.
    public func stop() {
        for descriptor in descriptors { closeDescriptor(descriptor) }
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
