import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hostile HTTP server on raw sockets (127.0.0.1, a free port) for the tests: each path misbehaves
/// in one way a real server or network can, so every such behaviour is a test of the built binary.
///
/// Paths: `/ok`, `/reset-before`, `/reset-during`, `/close-mid-headers`, `/short-body`,
/// `/bad-chunk`, `/endless-chunked`, `/gzip-bomb`, `/bad-gzip`, `/cut-gzip`, `/slow-headers`, `/slow-body`, `/never-answer`,
/// `/redirect-loop`, `/redirect-ftp`, `/invalid-utf8`, `/huge-header`, `/many-headers`,
/// `/conflicting-length`, `/bad-status`, `/negative-length`, `/word-length`, `/bad-version`, `/garbage`,
/// `/answer-and-close` (answers on the head alone and closes at once); event streams: `/sse-split`, `/sse-complete`,
/// `/sse-early-close`, `/sse-endless-event`, `/sse-flood`, `/sse-stall`; WebSocket (a real handshake,
/// then): `/ws-malformed`, `/ws-endless-frame`, `/ws-close-1011`, `/ws-silent`, `/ws-chatter`, and
/// `/ws-headers` (one text message: the handshake's header lines); `/set-cookie` sets `session=abc`.
///
/// Every connection serves one request and closes 50 ms after the answer, without saying
/// `Connection: close`: a client that sends a second request on it finds it closed.
public final class FaultServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:PORT`
    public var url: String { "http://127.0.0.1:\(port)" }

    private let server: RawSocketServer
    private let served: ServedBox

    /// Starts listening; connections are served on threads of their own until `stop()`.
    public init() throws {
        let box = ServedBox()
        served = box
        server = try RawSocketServer(backlog: 64) { connection in box.value?.serve(connection) }
        port = server.port
        box.value = self
    }

    deinit { stop() }

    /// Stops accepting and shuts every open connection down.
    public func stop() {
        server.stop()
        served.value = nil
    }

    /// The server its connections are served by, known once it is made. Held until `stop()`: a
    /// test's last use of its server may come long before the run that talks to it ends.
    private final class ServedBox: @unchecked Sendable {
        var value: FaultServer?
    }

    private var isStopped: Bool { server.isStopped }

    // MARK: Behaviours

    private func serve(_ connection: Int32) {
        guard let (path, head) = readRequest(connection) else { return }
        switch path {
        case "/ws-malformed", "/ws-endless-frame", "/ws-close-1011", "/ws-silent", "/ws-chatter", "/ws-headers":
            let key = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
            let accept = Data(TestSHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
            send(connection, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n")
            switch path {
            case "/ws-malformed":
                // A ping without FIN: control frames may not be fragmented.
                send(connection, [0x09, 0x00])
            case "/ws-endless-frame":
                // A binary frame that says it is 2^40 bytes long, then bytes without end.
                send(connection, [0x82, 0x7F, 0, 0, 0x01, 0, 0, 0, 0, 0])
                let chunk = [UInt8](repeating: 0x61, count: 0x4000)
                while !isStopped, send(connection, chunk) {}
            case "/ws-close-1011":
                send(connection, [0x88, 0x02, 0x03, 0xF3])
            case "/ws-headers":
                let lines = Array(head.split(separator: "\r\n").dropFirst().joined(separator: "\n").utf8.prefix(0xFFFF))
                send(connection, [0x81, 0x7E, UInt8(lines.count >> 8), UInt8(lines.count & 0xFF)] + lines)
            case "/ws-chatter":
                // A message every 10 ms, and never a close.
                while !isStopped, send(connection, [0x81, 0x02, 0x68, 0x69]) { pause(0.01) }
            default:
                break
            }
            while !isStopped { pause(0.05) }
        case "/set-cookie":
            send(connection, "HTTP/1.1 200 OK\r\nSet-Cookie: session=abc; Path=/\r\nContent-Length: 2\r\n\r\nok")
        case "/ok":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}")
        case "/reset-before":
            reset(connection)
        case "/reset-during":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nabc")
            pause(0.05)
            reset(connection)
        case "/close-mid-headers":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/pl")
        case "/short-body":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789")
        case "/bad-chunk":
            send(connection, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n")
        case "/endless-chunked":
            send(connection, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = "4000\r\n" + String(repeating: "x", count: 0x4000) + "\r\n"
            while !isStopped, send(connection, chunk) {}
        case "/gzip-bomb":
            let body = Self.gzipBomb
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\n\r\n")
            send(connection, body)
        case "/bad-gzip":
            let body = Array("this is not gzip data at all".utf8)
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\n\r\n")
            send(connection, body)
        case "/cut-gzip":
            // The first half of a gzip member: the body ends before the compressed data does.
            let body = Array(Self.gzipOfZeros(count: 100_000).prefix(200))
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\n\r\n")
            send(connection, body)
        case "/slow-headers":
            for byte in "HTTP/1.1 200 OK\r\nX-Slow: yes\r\n".utf8 {
                guard !isStopped, send(connection, [byte]) else { return }
                pause(0.2)
            }
        case "/slow-body":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
            while !isStopped, send(connection, "x") { pause(0.2) }
        case "/never-answer":
            while !isStopped { pause(0.05) }
        case "/redirect-loop":
            send(connection, "HTTP/1.1 302 Found\r\nLocation: /redirect-loop\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        case "/redirect-ftp":
            send(connection, "HTTP/1.1 302 Found\r\nLocation: ftp://127.0.0.1/file\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        case "/invalid-utf8":
            let body: [UInt8] = Array("{\"name\": \"caf".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
            send(connection, body)
        case "/huge-header":
            send(connection, "HTTP/1.1 200 OK\r\nX-Huge: " + String(repeating: "h", count: 2 * 1024 * 1024) + "\r\nContent-Length: 0\r\n\r\n")
        case "/many-headers":
            var head = "HTTP/1.1 200 OK\r\n"
            for index in 0..<100_000 { head += "X-Header-\(index): v\r\n" }
            send(connection, head + "Content-Length: 0\r\n\r\n")
        case "/conflicting-length":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 10\r\n\r\nhello")
        case "/bad-status":
            send(connection, "HTTP/1.1 abc Fine\r\nContent-Length: 0\r\n\r\n")
        case "/negative-length":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello")
        case "/word-length":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: five\r\n\r\nhello")
        case "/bad-version":
            send(connection, "HTTP/9.x 200 OK\r\nContent-Length: 0\r\n\r\n")
        case "/sse-split":
            // CR line ends, a comment, multi-line data, a BOM, sent a few bytes at a time.
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
            let stream = "\u{FEFF}: hello\rid: 1\rdata: {\"n\": 1}\r\rdata: two\r\ndata: lines\r\n\r\nevent: end\ndata: [DONE]\n\n"
            for chunk in Array(stream.utf8).chunks(of: 3) {
                guard !isStopped, send(connection, Array(chunk)) else { return }
                pause(0.002)
            }
        case "/sse-complete":
            // A whole chunked stream, then (like every path here) the connection closes a moment later.
            let events = "data: one\n\ndata: two\n\n"
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(events.utf8.count, radix: 16) + "\r\n" + events + "\r\n0\r\n\r\n")
        case "/sse-early-close":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\ndata: one\n\ndata: half")
        case "/sse-endless-event":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\ndata: ")
            let chunk = String(repeating: "x", count: 0x4000)
            while !isStopped, send(connection, chunk) {}
        case "/sse-flood":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
            let chunk = String(repeating: "data:\n\n", count: 2048)
            while !isStopped, send(connection, chunk) {}
        case "/sse-stall":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\ndata: first\n\n")
            while !isStopped { pause(0.05) }
        case "/garbage":
            send(connection, "this is not HTTP at all\r\n\r\n")
        case "/answer-and-close":
            // The answer as soon as the head is in, before any body is read, then the connection
            // closed at once, still without `Connection: close`.
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}")
            return
        default:
            send(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        }
        pause(0.05)
    }

    /// Reads the request head and returns its path (the request line's second word).
    private func readRequest(_ connection: Int32) -> (path: String, head: String)? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 1_000_000 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            if let text = String(validating: received, as: UTF8.self), text.contains("\r\n\r\n") {
                let words = text.split(separator: " ", maxSplits: 2)
                return words.count > 1 ? (String(words[1]), text) : nil
            }
            // A TLS ClientHello is not text: answer it as plain HTTP, which the client cannot read.
            if received.first == 0x16 { return ("/ok", "") }
        }
        return nil
    }

    @discardableResult
    private func send(_ connection: Int32, _ text: String) -> Bool { send(connection, Array(text.utf8)) }

    @discardableResult
    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool { RawSocketServer.sendAll(connection, bytes) }

    /// Closes with a TCP reset (SO_LINGER with a zero timeout).
    private func reset(_ connection: Int32) {
        var linger = SocketLinger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<SocketLinger>.size))
        server.end(connection)
    }

    private func pause(_ seconds: Double) { usleep(useconds_t(seconds * 1_000_000)) }

    /// 200 MiB of zeros in about 1.3 MB of gzip.
    /// Many times the test's `max_body` once inflated, yet small enough to write bit by bit in a
    /// debug build while the other tests run: a larger one sometimes outlasted the client's timeout.
    static let gzipBomb = gzipOfZeros(count: 16 * 1024 * 1024)

    /// A gzip member whose deflate stream (fixed Huffman codes: one literal zero, then matches of
    /// 258 bytes at distance 1) expands to `count` zero bytes: about 13 bits per 258 bytes. The
    /// trailer's CRC is not computed: a client refuses the body on its size long before.
    static func gzipOfZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1) // final block
        bits.write(1, count: 2) // fixed Huffman
        bits.writeReversed(0b0011_0000, count: 8) // literal 0
        for _ in 0..<((count - 1) / 258) {
            bits.writeReversed(0b1100_0101, count: 8) // length code 285: 258 bytes
            bits.writeReversed(0, count: 5) // distance code 0: distance 1
        }
        bits.writeReversed(0, count: 7) // end of block
        var result: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        result += bits.allBytes
        result += [0, 0, 0, 0]
        let size = UInt32(truncatingIfNeeded: count)
        result += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        return result
    }

    /// Least-significant-bit-first bit packing, as deflate stores it.
    struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt8 = 0
        var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for index in 0..<count { push(UInt8(value >> UInt32(index) & 1)) }
        }

        /// Huffman codes are stored most significant bit first.
        mutating func writeReversed(_ value: UInt32, count: Int) {
            for index in stride(from: count - 1, through: 0, by: -1) { push(UInt8(value >> UInt32(index) & 1)) }
        }

        private mutating func push(_ bit: UInt8) {
            current |= bit << UInt8(used)
            used += 1
            if used == 8 { bytes.append(current); current = 0; used = 0 }
        }

        var allBytes: [UInt8] { used > 0 ? bytes + [current] : bytes }
    }
}

/// The server could not start.
public struct FaultServerError: Error, CustomStringConvertible {
    /// What failed.
    public var description: String
    init(_ description: String) { self.description = description }
}

private typealias SocketLinger = linger

extension Array {
    /// The array in pieces of `size` elements (the last may be shorter).
    fileprivate func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
