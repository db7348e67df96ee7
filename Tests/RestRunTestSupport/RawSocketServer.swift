import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The listener under the test servers on raw sockets (`FaultServer`, `ForwardProxy`,
/// `KeepAliveEchoServer`): 127.0.0.1 at a free port, each connection served on a thread of its own
/// and closed when its thread is done, every open one shut down by `stop()`.
final class RawSocketServer: @unchecked Sendable {
    /// The port it listens on.
    let port: Int

    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    private var connections: Set<Int32> = []
    private let serve: @Sendable (Int32) -> Void

    /// Listens with `backlog` and calls `serve` with each connection, on a thread of its own.
    init(backlog: Int32, serve: @escaping @Sendable (Int32) -> Void) throws {
        (listener, port) = try LoopbackSocket.listening(backlog: backlog)
        self.serve = serve
        guard ServingThread.start({ [self] in acceptLoop() }) else {
            close(listener)
            throw FaultServerError("no thread could be made to accept connections")
        }
    }

    /// Whether `stop()` was called.
    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops accepting and shuts down every open connection (their threads see it and end).
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        // Under the lock: a connection its thread closed meanwhile may already be another socket.
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    /// Closes `connection` now, unless it was closed before: a descriptor is closed once, or a later
    /// socket given the same number would be closed in its place.
    func end(_ connection: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if connections.remove(connection) != nil { close(connection) }
    }

    private func acceptLoop() {
        while !isStopped {
            let connection = LoopbackSocket.takeConnection(from: listener)
            guard connection >= 0 else {
                // Only `stop()` ends the loop: an error of one connection (aborted before it was
                // taken, or no descriptor free for a moment on a busy machine) must not leave every
                // later one unanswered in the queue until its client's timeout.
                if isStopped { return }
                if errno != EINTR { usleep(1000) }
                continue
            }
            #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            lock.lock()
            connections.insert(connection)
            lock.unlock()
            let started = ServingThread.start { [self] in
                serve(connection)
                end(connection)
            }
            // Closed rather than left unanswered: its client sees at once that nobody serves it.
            if !started { end(connection) }
        }
    }

    /// Sends all of `bytes` without SIGPIPE; false when the connection ended first.
    static func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return sendWithoutSignal(connection, base + offset, buffer.count - offset)
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}

#if canImport(Glibc)
private func sendWithoutSignal(_ socket: Int32, _ buffer: UnsafeRawPointer, _ length: Int) -> Int {
    send(socket, buffer, length, Int32(MSG_NOSIGNAL))
}
#else
private func sendWithoutSignal(_ socket: Int32, _ buffer: UnsafeRawPointer, _ length: Int) -> Int {
    // SO_NOSIGPIPE is set on each connection instead.
    send(socket, buffer, length, 0)
}
#endif
