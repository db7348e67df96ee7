/// Which requests go through an HTTP proxy, as curl and Hurl decide it: `--proxy URL` for every
/// request, else `http_proxy`/`HTTP_PROXY` for http:// URLs and `https_proxy`/`HTTPS_PROXY` for
/// https:// ones (through CONNECT), except hosts `no_proxy`/`NO_PROXY` lists.
public struct ProxyRules: Sendable, Equatable {
    /// A proxy server.
    public struct Server: Sendable, Hashable, CustomStringConvertible {
        /// Its host.
        public var host: String
        /// Its port.
        public var port: Int
        /// `user:password` from the proxy URL, sent as Proxy-Authorization.
        public var credentials: (user: String, password: String)?

        /// `host:port` (credentials never shown).
        public var description: String { "\(host):\(port)" }

        /// Servers are equal when they are the same host, port and user.
        public static func == (lhs: Server, rhs: Server) -> Bool {
            lhs.host == rhs.host && lhs.port == rhs.port && lhs.credentials?.user == rhs.credentials?.user
                && lhs.credentials?.password == rhs.credentials?.password
        }

        /// Hashes the host and port.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(host)
            hasher.combine(port)
        }
    }

    /// The proxy of http:// URLs.
    public var http: Server?
    /// The proxy of https:// URLs.
    public var https: Server?
    /// Hosts reached directly: `*`, names (which cover their subdomains, with or without a
    /// leading dot) and IP addresses; a `:port` is ignored.
    public var noProxy: [String] = []

    /// A proxy URL that cannot be used, in one sentence.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// The sentence.
        public var description: String
    }

    /// The rules of `--proxy` (when given; "" turns proxies off) and the environment.
    public static func from(flag: String?, environment: [String: String]) throws(Problem) -> ProxyRules? {
        func variable(_ name: String) -> String? {
            (environment[name.lowercased()] ?? environment[name.uppercased()]).flatMap { $0.isEmpty ? nil : $0 }
        }
        var rules = ProxyRules()
        rules.noProxy = (variable("no_proxy") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: " ").lowercased() }.filter { !$0.isEmpty }
        if let flag {
            guard !flag.isEmpty else { return nil }
            let server = try parse(flag, from: "--proxy")
            rules.http = server
            rules.https = server
        } else {
            rules.http = try variable("http_proxy").map { value throws(Problem) in try parse(value, from: "HTTP_PROXY") }
            rules.https = try variable("https_proxy").map { value throws(Problem) in try parse(value, from: "HTTPS_PROXY") }
        }
        return rules.http == nil && rules.https == nil ? nil : rules
    }

    /// `http://user:password@host:port`, `host:port` or `host` (port 1080, as curl's default).
    static func parse(_ text: String, from source: String) throws(Problem) -> Server {
        var rest = Substring(text)
        if let scheme = rest.firstRange(of: "://") {
            let name = rest[..<scheme.lowerBound].lowercased()
            guard name == "http" else {
                throw Problem(description: "\(source) '\(redacted(text))': only http:// proxies are supported (HTTPS URLs still go through them, with CONNECT)")
            }
            rest = rest[scheme.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var credentials: (String, String)?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            credentials = (URLBuilder.decode(String(parts[0])), parts.count > 1 ? URLBuilder.decode(String(parts[1])) : "")
        }
        var host = String(rest), port = 1080
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            if let colon = rest[close...].firstIndex(of: ":") {
                guard let value = Int(rest[rest.index(after: colon)...]) else { throw Problem(description: "\(source) '\(redacted(text))' has a port that is not a number") }
                port = value
            }
        } else if let colon = rest.lastIndex(of: ":") {
            guard let value = Int(rest[rest.index(after: colon)...]) else { throw Problem(description: "\(source) '\(redacted(text))' has a port that is not a number") }
            host = String(rest[..<colon])
            port = value
        }
        guard !host.isEmpty, (1...65535).contains(port) else { throw Problem(description: "\(source) '\(redacted(text))' names no host and port") }
        return Server(host: host, port: port, credentials: credentials)
    }

    /// The proxy URL without its password.
    private static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let before = text[..<at]
        guard let scheme = before.firstRange(of: "://") else { return "[redacted]" + text[at...] }
        return text[..<scheme.upperBound] + "[redacted]" + text[at...]
    }

    /// The proxy `url` goes through, or nil to connect directly.
    public func server(for url: String) -> Server? {
        let lowered = url.prefix(8).lowercased()
        let server = lowered.hasPrefix("https://") ? https : lowered.hasPrefix("http://") ? http : nil
        guard let server else { return nil }
        guard !noProxy.isEmpty, let host = URLParts(url)?.host else { return server }
        for entry in noProxy {
            if entry == "*" { return nil }
            var name = Substring(entry)
            if name.hasPrefix("[") , let close = name.firstIndex(of: "]") {
                name = name[name.index(after: name.startIndex)..<close]
            } else if let colon = name.lastIndex(of: ":"), name.firstIndex(of: ":") == colon {
                name = name[..<colon]
            }
            if name.hasPrefix(".") { name = name.dropFirst() }
            if host == name || host.hasSuffix("." + name) { return nil }
        }
        return server
    }
}
