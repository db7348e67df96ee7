import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on raw sockets (127.0.0.1, a free port) that keeps every connection open and
/// answers each request with its own body, byte for byte, and `X-Connection: N`, the number of the
/// connection it came on (1 for the first accepted): what a client sent, and on which connection.
public final class KeepAliveEchoServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:PORT`
    public var url: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    private var connections: [Int32] = []

    /// Starts listening; each connection is served on a thread of its own until `stop()`.
    public init() throws {
        (listener, port) = try LoopbackSocket.listening(backlog: 64)
        guard ServingThread.start({ [self] in acceptLoop() }) else {
            close(listener)
            throw FaultServerError("no thread could be made to accept connections")
        }
    }

    /// Stops accepting and ends every connection (their threads close them).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        // Under the lock: a descriptor a thread closed meanwhile may already be another socket's.
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        var number = 0
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if isStopped { return }
                if errno != EINTR { usleep(1000) }
                continue
            }
            number += 1
            lock.lock()
            connections.append(connection)
            lock.unlock()
            let served = number
            if !ServingThread.start({ [self] in serve(connection, number: served) }) { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func serve(_ connection: Int32, number: Int) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        let blankLine = Array("\r\n\r\n".utf8)
        serving: while true {
            // A head, then as many body bytes as its Content-Length says.
            var headEnd: Int?
            while headEnd == nil {
                headEnd = pending.firstRange(of: blankLine)?.upperBound
                if headEnd != nil { break }
                guard pending.count < 1_000_000 else { break serving }
                let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break serving }
                pending += buffer[0..<count]
            }
            guard let headEnd else { break }
            let head = String(decoding: pending[..<headEnd], as: UTF8.self).lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            while pending.count < headEnd + length {
                let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break serving }
                pending += buffer[0..<count]
            }
            let body = Array(pending[headEnd..<(headEnd + length)])
            pending.removeFirst(headEnd + length)
            let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nX-Connection: \(number)\r\n\r\n".utf8) + body
            guard sendAll(connection, answer) else { break }
        }
        lock.lock()
        connections.removeAll { $0 == connection }
        close(connection)
        lock.unlock()
    }

    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Glibc)
                return send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                return send(connection, base + offset, buffer.count - offset, 0)
                #endif
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
