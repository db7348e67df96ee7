/// Where a request goes when rest-run's own HTTP/1.1 connections can carry it (`PlainConnections`):
/// a plain `http://` URL of printable ASCII with no user name or password. Anything else (TLS, a
/// proxy, CONNECT, an IPv6 zone, a URL that needs encoding) goes through AsyncHTTPClient as before.
struct PlainTarget: Sendable {
    /// The host to connect to, without brackets for IPv6.
    var host: String
    /// The port.
    var port: Int
    /// The `Host` header: the URL's authority as written.
    var authority: Substring
    /// The request target: the path and query, `/` when the URL has neither.
    var path: String

    /// The target of `url`, or nil when it is not one rest-run's own connections send to.
    init?(url: String, method: HTTPMethod) {
        guard method.rawValue != "CONNECT" else { return nil }
        var url = url
        url.makeContiguousUTF8()
        guard let parts = url.utf8.withContiguousStorageIfAvailable(Self.split) ?? nil else { return nil }
        let utf8 = url.utf8
        func text(_ range: Range<Int>) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
        host = String(text(parts.host))
        port = parts.port
        authority = text(parts.authority)
        let path = text(parts.path)
        self.path = path.isEmpty ? "/" : path.first == "?" ? "/" + path : String(path)
    }

    /// The parts of an `http://` URL as byte offsets, or nil when the URL is not one to send plainly.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (authority: Range<Int>, host: Range<Int>, port: Int, path: Range<Int>)? {
        let prefix = Array("http://".utf8)
        guard bytes.count > prefix.count else { return nil }
        for (offset, byte) in prefix.enumerated() where byte | 0x20 != bytes[offset] | 0x20 { return nil }
        // Printable ASCII only: anything else needs the encoding AsyncHTTPClient's URL parsing does.
        for byte in bytes where byte <= 0x20 || byte >= 0x7F { return nil }
        let start = prefix.count
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            if bytes[end] == UInt8(ascii: "@") || bytes[end] == UInt8(ascii: "%") { return nil }
            end += 1
        }
        guard end > start else { return nil }
        var host = start..<end
        var portDigits: Range<Int>?
        if bytes[start] == UInt8(ascii: "[") {
            guard let close = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "]") }), close > start + 1 else { return nil }
            host = start + 1..<close
            if close + 1 < end {
                guard bytes[close + 1] == UInt8(ascii: ":") else { return nil }
                portDigits = close + 2..<end
            }
        } else if let colon = (start..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }) {
            host = start..<colon
            portDigits = colon + 1..<end
        }
        guard !host.isEmpty else { return nil }
        var port = 80
        if let digits = portDigits {
            guard (1...5).contains(digits.count) else { return nil }
            port = 0
            for offset in digits {
                let byte = bytes[offset]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                port = port * 10 + Int(byte - UInt8(ascii: "0"))
            }
            guard (1...65535).contains(port) else { return nil }
        }
        var pathEnd = end
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        return (start..<end, host, port, end..<pathEnd)
    }
}
