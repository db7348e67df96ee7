/// The parts of an absolute URL that cookies and redirects need.
public struct URLParts: Sendable, Equatable {
    /// `http` or `https`, lower-cased.
    public var scheme: String
    /// The host, lower-cased, without brackets for IPv6.
    public var host: String
    /// The path, `/` when empty.
    public var path: String
    /// The port as written after the host, if any (not checked: see `problem`).
    public var portText: String?

    /// Splits `url`; `nil` when it has no scheme or host.
    ///
    /// Works on the UTF-8 bytes: every delimiter is ASCII, so each index found is also a valid
    /// `String` index (this runs for every request sent).
    public init?(_ url: String) {
        let bytes = url.utf8
        guard let schemeEnd = Self.firstIndex(of: "://", in: bytes) else { return nil }
        scheme = Self.lowercased(url[..<schemeEnd])
        let authorityStart = bytes.index(schemeEnd, offsetBy: 3)
        let rest = bytes[authorityStart...]
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? rest.endIndex
        var hostStart = authorityStart
        if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { hostStart = bytes.index(after: at) }
        let authority = bytes[hostStart..<authorityEnd]
        if authority.first == UInt8(ascii: "["), let close = authority.firstIndex(of: UInt8(ascii: "]")) {
            host = Self.lowercased(url[bytes.index(after: hostStart)..<close])
            let afterClose = bytes.index(after: close)
            portText = afterClose < authorityEnd && bytes[afterClose] == UInt8(ascii: ":")
                ? String(url[bytes.index(after: afterClose)..<authorityEnd]) : nil
        } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            host = Self.lowercased(url[hostStart..<colon])
            portText = String(url[bytes.index(after: colon)..<authorityEnd])
        } else {
            host = Self.lowercased(url[hostStart..<authorityEnd])
            portText = nil
        }
        guard !host.isEmpty else { return nil }
        let pathEnd = bytes[authorityEnd...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        path = pathEnd == authorityEnd ? "/" : String(url[authorityEnd..<pathEnd])
    }

    private static func firstIndex(of needle: StaticString, in bytes: String.UTF8View) -> String.Index? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return nil }
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) { return found }
            index = bytes.index(after: found)
        }
        return nil
    }

    /// Lower-cases ASCII without going through Unicode tables; other text the Unicode way.
    private static func lowercased(_ text: Substring) -> String {
        var bytes = Array(text.utf8)
        for (offset, byte) in bytes.enumerated() {
            if byte >= 0x80 { return text.lowercased() }
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { bytes[offset] = byte + 32 }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Why `url` cannot be sent (no http or https scheme, no host, a port outside 1 to 65535), or
    /// `nil` when it can. Checked before the HTTP client sees the URL, which traps on a port that
    /// does not fit 16 bits.
    public static func problem(_ url: String) -> String? {
        // The common case, checked on the bytes without building the parts: a lower-case http or
        // https scheme, a host, and a port of at most five digits if any.
        if quickCheck(url.utf8) { return nil }
        guard let parts = URLParts(url) else { return "the URL needs http:// or https:// and a host" }
        guard parts.scheme == "http" || parts.scheme == "https" else {
            return "the scheme '\(parts.scheme)' is not supported: use http or https"
        }
        if let port = parts.portText {
            guard !port.isEmpty, port.utf8.count <= 5, port.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let number = Int(port), (1...65535).contains(number)
            else { return "the port '\(port)' is not a number from 1 to 65535" }
        }
        return nil
    }

    /// Whether `url` is plainly fine: `http://` or `https://`, a host without `@`, `[` or `:` in
    /// it, and either no port or one from 1 to 65535. Anything else goes the slow way.
    private static func quickCheck(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        for byte in "http".utf8 {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "s") { index = bytes.index(after: index) }
        for byte in "://".utf8 {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
        }
        var hostLength = 0
        var port: Int?
        var portDigits = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "[") { return false }
            if let value = port {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
                port = value * 10 + Int(byte - UInt8(ascii: "0"))
                portDigits += 1
                guard let port, port <= 65535, portDigits <= 5 else { return false }
            } else if byte == UInt8(ascii: ":") {
                port = 0
            } else {
                hostLength += 1
            }
            index = bytes.index(after: index)
        }
        if let port, port == 0 { return false }
        return hostLength > 0
    }

    /// Whether the host is an IP address rather than a name.
    public var hostIsAddress: Bool {
        host.contains(":") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
