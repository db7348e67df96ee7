/// The parts of an absolute URL that cookies and redirects need.
package struct URLParts: Sendable, Equatable {
    /// `http` or `https`, lower-cased.
    package var scheme: String
    /// The host, lower-cased, without brackets for IPv6.
    package var host: String
    /// The path, `/` when empty.
    package var path: String
    /// The port as written after the host, if any (not checked: see `problem`).
    package var portText: String?

    /// Splits `url`; `nil` when it has no scheme or host.
    package init?(_ url: String) {
        var url = url
        url.makeContiguousUTF8()
        guard let ranges = Ranges(url), !ranges.host.isEmpty else { return nil }
        scheme = Self.lowercased(url[ranges.scheme])
        host = Self.lowercased(url[ranges.host])
        portText = ranges.port.map { String(url[$0]) }
        path = ranges.path.isEmpty ? "/" : String(url[ranges.path])
    }

    /// The path of `url` (absolute, or a path alone), without query or fragment; `/` when empty.
    package static func path(of url: String) -> String {
        let path = URLParts(url)?.path ?? url
        let bare = String(path.prefix { $0 != "?" && $0 != "#" })
        return bare.isEmpty ? "/" : bare
    }

    /// Why `url` cannot be sent (no http or https scheme, no host, a port outside 1 to 65535), or
    /// `nil` when it can. Checked before the HTTP client sees the URL, which traps on a port that
    /// does not fit 16 bits. This runs for every request sent, so it reads the bytes where the
    /// parts are and builds a string only for a message.
    package static func problem(_ url: String) -> String? {
        var url = url
        url.makeContiguousUTF8()
        guard let ranges = Ranges(url), !ranges.host.isEmpty else { return "the URL needs http:// or https:// and a host" }
        let bytes = url.utf8
        let scheme = bytes[ranges.scheme]
        guard scheme.elementsEqual("http".utf8, by: Self.sameASCIILetter) || scheme.elementsEqual("https".utf8, by: Self.sameASCIILetter)
        else { return "the scheme '\(lowercased(url[ranges.scheme]))' is not supported: use http or https" }
        if let port = ranges.port {
            var number = 0
            let digits = bytes[port]
            let valid = (1...5).contains(digits.count) && digits.allSatisfy { byte in
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
                return true
            } && (1...65535).contains(number)
            guard valid else { return "the port '\(url[port])' is not a number from 1 to 65535" }
        }
        return nil
    }

    /// `host:port` for messages, with the scheme's default port when none is written and brackets
    /// around an IPv6 address.
    package var hostAndPort: String {
        (host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host) + ":" + (portText ?? (scheme == "https" ? "443" : "80"))
    }

    /// Whether the host is an IP address rather than a name.
    package var hostIsAddress: Bool {
        host.utf8.contains(UInt8(ascii: ":")) || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// Where the parts of an absolute URL are, found on its UTF-8 bytes.
    /// Every delimiter is ASCII, so each offset found is also a valid `String` index.
    private struct Ranges {
        let scheme: Range<String.Index>
        let host: Range<String.Index>
        let port: Range<String.Index>?
        let path: Range<String.Index>

        /// `nil` when there is no `://`; `url` must be contiguous UTF-8 (`makeContiguousUTF8()`).
        init?(_ url: String) {
            guard let offsets = url.utf8.withContiguousStorageIfAvailable(Self.offsets) ?? nil else { return nil }
            let utf8 = url.utf8
            func range(_ offsets: Range<Int>) -> Range<String.Index> {
                utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: offsets.upperBound)
            }
            scheme = range(offsets.scheme)
            host = range(offsets.host)
            port = offsets.port.map(range)
            path = range(offsets.path)
        }

        /// The parts as byte offsets: (scheme, host, port, path).
        private static func offsets(_ bytes: UnsafeBufferPointer<UInt8>)
            -> (scheme: Range<Int>, host: Range<Int>, port: Range<Int>?, path: Range<Int>)? {
            let colon = UInt8(ascii: ":"), slash = UInt8(ascii: "/")
            var schemeEnd = 0
            while schemeEnd + 2 < bytes.count, !(bytes[schemeEnd] == colon && bytes[schemeEnd + 1] == slash && bytes[schemeEnd + 2] == slash) {
                schemeEnd += 1
            }
            guard schemeEnd + 2 < bytes.count else { return nil }
            let authorityStart = schemeEnd + 3
            var authorityEnd = authorityStart
            var hostStart = authorityStart
            while authorityEnd < bytes.count, bytes[authorityEnd] != slash, bytes[authorityEnd] != UInt8(ascii: "?"),
                  bytes[authorityEnd] != UInt8(ascii: "#") {
                if bytes[authorityEnd] == UInt8(ascii: "@") { hostStart = authorityEnd + 1 }
                authorityEnd += 1
            }
            let host: Range<Int>
            var port: Range<Int>?
            if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "["),
               let close = (hostStart..<authorityEnd).first(where: { bytes[$0] == UInt8(ascii: "]") }) {
                host = hostStart + 1..<close
                if close + 1 < authorityEnd, bytes[close + 1] == colon { port = close + 2..<authorityEnd }
            } else if let found = (hostStart..<authorityEnd).first(where: { bytes[$0] == colon }) {
                host = hostStart..<found
                port = found + 1..<authorityEnd
            } else {
                host = hostStart..<authorityEnd
            }
            var pathEnd = authorityEnd
            while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
            return (0..<schemeEnd, host, port, authorityEnd..<pathEnd)
        }
    }

    private static func sameASCIILetter(_ byte: UInt8, _ lower: UInt8) -> Bool {
        byte == lower || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte + 32 == lower)
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
}
