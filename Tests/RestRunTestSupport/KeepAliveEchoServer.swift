import Foundation
import Synchronization
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

    private let server: RawSocketServer

    /// Starts listening; each connection is served on a thread of its own until `stop()`.
    public init() throws {
        let accepted = Mutex(0)
        server = try RawSocketServer(backlog: 64) { connection in
            let number = accepted.withLock { count in
                count += 1
                return count
            }
            Self.serve(connection, number: number)
        }
        port = server.port
    }

    deinit { stop() }

    /// Stops accepting and shuts every open connection down.
    public func stop() { server.stop() }

    private static func serve(_ connection: Int32, number: Int) {
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
            guard RawSocketServer.sendAll(connection, answer) else { break }
        }
    }
}
