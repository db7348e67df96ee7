#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cookie a server set (RFC 6265): where it may be sent, until when, and over what.
package struct Cookie: Sendable, Equatable {
    /// The name.
    package var name: String
    /// The value.
    package var value: String
    /// The domain, lower-cased, without a leading dot.
    package var domain: String
    /// Whether only that exact host gets it (no `Domain` attribute).
    package var hostOnly: Bool
    /// The path prefix it is sent under.
    package var path: String
    /// Whether it is sent over HTTPS only.
    package var secure: Bool
    /// When it expires, in seconds since 1970; `nil` for a session cookie.
    package var expires: Int?

    /// Parses a `Set-Cookie` header received from `url`; `nil` when it is malformed or its `Domain`
    /// does not cover the host that set it.
    package init?(setCookie header: String, from url: URLParts, now: Int) {
        let pieces = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let first = pieces.first, let equals = first.firstIndex(of: "=") else { return nil }
        name = first[..<equals].trimmingCharacters(in: " ")
        value = first[first.index(after: equals)...].trimmingCharacters(in: " ")
        guard !name.isEmpty else { return nil }
        domain = url.host
        hostOnly = true
        path = Cookie.defaultPath(url.path)
        secure = false
        expires = nil
        var maxAge: Int?
        for attribute in pieces.dropFirst() {
            let parts = attribute.split(separator: "=", maxSplits: 1)
            let key = (parts.first ?? "").trimmingCharacters(in: " ").lowercased()
            let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: " ") : ""
            switch key {
            case "domain":
                var given = argument.lowercased()
                if given.hasPrefix(".") { given.removeFirst() }
                guard !given.isEmpty, !url.hostIsAddress else { continue }
                guard url.host == given || url.host.hasSuffix("." + given) else { return nil }
                domain = given
                hostOnly = false
            case "path":
                if argument.hasPrefix("/") { path = argument }
            case "secure":
                secure = true
            case "max-age":
                if let seconds = Int(argument) { maxAge = seconds }
            case "expires":
                if let date = HTTPDate.parse(argument) { expires = date }
            default:
                continue
            }
        }
        if let maxAge { expires = maxAge <= 0 ? 0 : now + min(maxAge, 400 * 86_400) }
    }

    /// Whether the cookie goes with a request to `url` at time `now`.
    package func matches(_ url: URLParts, now: Int) -> Bool {
        if let expires, expires <= now { return false }
        if secure && url.scheme != "https" { return false }
        let domainMatches = hostOnly ? url.host == domain : (url.host == domain || url.host.hasSuffix("." + domain))
        guard domainMatches else { return false }
        if url.path == path { return true }
        return url.path.hasPrefix(path) && (path.hasSuffix("/") || url.path.dropFirst(path.count).hasPrefix("/"))
    }

    /// RFC 6265 5.1.4: the directory of the request path.
    static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}

/// Dates in HTTP headers: IMF-fixdate (`Wed, 21 Oct 2026 07:28:00 GMT`), RFC 850 and asctime forms.
package enum HTTPDate {
    /// Seconds since 1970 for a date in any of the three forms; `nil` when unreadable.
    package static func parse(_ text: String) -> Int? {
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        var day: Int?, month: Int?, year: Int?, clock: [Int]?
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }) {
            if token.contains(":") {
                let parts = token.split(separator: ":").compactMap { Int($0) }
                if parts.count == 3 { clock = parts }
            } else if let number = Int(token) {
                if day == nil, token.count <= 2, month == nil || year == nil { day = number } else { year = number }
            } else if let index = months.firstIndex(of: token.prefix(3).lowercased()), token.count >= 3 {
                month = index
            }
        }
        guard let day, let month, var year, let clock else { return nil }
        if year < 70 { year += 2000 } else if year < 100 { year += 1900 }
        var parts = tm()
        parts.tm_year = Int32(clamping: year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(clamping: day)
        parts.tm_hour = Int32(clamping: clock[0])
        parts.tm_min = Int32(clamping: clock[1])
        parts.tm_sec = Int32(clamping: clock[2])
        let seconds = timegm(&parts)
        return seconds < 0 ? nil : Int(seconds)
    }
}
