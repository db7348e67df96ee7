import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP proxy on 127.0.0.1 for the tests, on raw sockets: it forwards absolute-form requests
/// (`GET http://127.0.0.1:PORT/path`) and tunnels `CONNECT 127.0.0.1:PORT`, to 127.0.0.1 only, and
/// records each request line and Proxy-Authorization header it saw.
public final class ForwardProxy: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:PORT`
    public var url: String { "http://127.0.0.1:\(port)" }

    private let server: RawSocketServer
    private let served: ServedBox
    private let lock = NSLock()
    private var seen: [(line: String, authorization: String?)] = []

    /// Every request line it received, in order (`GET http://...`, `CONNECT host:port`).
    public var requestLines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return seen.map(\.line)
    }

    /// The Proxy-Authorization headers it received, in order.
    public var authorizations: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return seen.map(\.authorization)
    }

    /// Starts listening; each connection is served on a thread of its own.
    public init() throws {
        let box = ServedBox()
        served = box
        server = try RawSocketServer(backlog: 32) { connection in box.value?.serve(connection) }
        port = server.port
        box.value = self
    }

    deinit { stop() }

    /// Stops accepting and shuts every open connection down.
    public func stop() {
        server.stop()
        served.value = nil
    }

    /// The proxy its connections are served by, held until `stop()`.
    private final class ServedBox: @unchecked Sendable {
        var value: ForwardProxy?
    }

    private func serve(_ client: Int32) {
        // The request head, up to its blank line.
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)) && head.count < 65536 {
            let count = read(client, &buffer, 1)
            guard count > 0 else { return }
            head.append(buffer[0])
        }
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = String(lines.first ?? "")
        let authorization = lines.first { $0.lowercased().hasPrefix("proxy-authorization:") }
            .map { String($0.dropFirst("proxy-authorization:".count)).trimmingCharacters(in: .whitespaces) }
        lock.lock()
        seen.append((requestLine, authorization))
        lock.unlock()

        let parts = requestLine.split(separator: " ")
        guard parts.count == 3 else { return }
        if parts[0] == "CONNECT" {
            guard let port = Int(parts[1].split(separator: ":").last ?? ""), parts[1].hasPrefix("127.0.0.1:") else { return }
            let upstream = LoopbackSocket.connecting(to: port)
            guard upstream >= 0 else { return }
            defer { close(upstream) }
            _ = send(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8))
            relay(client, upstream)
            return
        }
        // Absolute form to origin form: `GET http://127.0.0.1:PORT/path HTTP/1.1` → `GET /path HTTP/1.1`.
        let target = parts[1]
        guard target.hasPrefix("http://127.0.0.1:") else { return }
        let afterHost = target.dropFirst("http://127.0.0.1:".count)
        let portText = afterHost.prefix { $0.isNumber }
        guard let port = Int(portText) else { return }
        let path = afterHost.dropFirst(portText.count)
        let upstream = LoopbackSocket.connecting(to: port)
        guard upstream >= 0 else { return }
        defer { close(upstream) }
        var forwarded = "\(parts[0]) \(path.isEmpty ? "/" : path) \(parts[2])\r\n"
        for line in lines.dropFirst() where !line.lowercased().hasPrefix("proxy-") { forwarded += line + "\r\n" }
        // The head ended with an empty line; the loop above wrote it (and one more).
        forwarded = String(forwarded.dropLast(2))
        _ = send(upstream, Array(forwarded.utf8))
        relay(client, upstream)
    }

    /// Copies bytes both ways until either side closes.
    private func relay(_ a: Int32, _ b: Int32) {
        var descriptors = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while poll(&descriptors, 2, 10_000) > 0 {
            for index in 0..<2 where descriptors[index].revents != 0 {
                let from = descriptors[index].fd, to = descriptors[1 - index].fd
                let count = read(from, &buffer, buffer.count)
                guard count > 0 else { return }
                guard send(to, Array(buffer[0..<count])) else { return }
            }
        }
    }

    private func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool { RawSocketServer.sendAll(descriptor, bytes) }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
