/// The parts of an absolute URL that cookies and redirects need.
public struct URLParts: Sendable, Equatable {
    /// `http` or `https`, lower-cased.
    public var scheme: String
    /// The host, lower-cased, without brackets for IPv6.
    public var host: String
    /// The path, `/` when empty.
    public var path: String

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
        } else {
            host = String(authority.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
        }
        guard !host.isEmpty else { return nil }
        let afterAuthority = rest[authorityEnd...]
        let pathText = afterAuthority.prefix { $0 != "?" && $0 != "#" }
        path = pathText.isEmpty ? "/" : String(pathText)
    }

    /// Whether the host is an IP address rather than a name.
    public var hostIsAddress: Bool {
        host.contains(":") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
