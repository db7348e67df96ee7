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
    public init?(_ url: String) {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        scheme = url[..<schemeEnd.lowerBound].lowercased()
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = String(authority[authority.index(after: authority.startIndex)..<close]).lowercased()
            let rest = authority[authority.index(after: close)...]
            portText = rest.hasPrefix(":") ? String(rest.dropFirst()) : nil
        } else {
            let pieces = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = String(pieces.first ?? "").lowercased()
            portText = pieces.count > 1 ? String(pieces[1]) : nil
        }
        guard !host.isEmpty else { return nil }
        let afterAuthority = rest[authorityEnd...]
        let pathText = afterAuthority.prefix { $0 != "?" && $0 != "#" }
        path = pathText.isEmpty ? "/" : String(pathText)
    }

    /// Why `url` cannot be sent (no http or https scheme, no host, a port outside 1 to 65535), or
    /// `nil` when it can. Checked before the HTTP client sees the URL, which traps on a port that
    /// does not fit 16 bits.
    public static func problem(_ url: String) -> String? {
        guard let parts = URLParts(url) else { return "the URL needs http:// or https:// and a host" }
        guard parts.scheme == "http" || parts.scheme == "https" else {
            return "the scheme '\(parts.scheme)' is not supported: use http or https"
        }
        if let port = parts.portText {
            guard !port.isEmpty, port.utf8.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(port), (1...65535).contains(number)
            else { return "the port '\(port)' is not a number from 1 to 65535" }
        }
        return nil
    }

    /// Whether the host is an IP address rather than a name.
    public var hostIsAddress: Bool {
        host.contains(":") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
