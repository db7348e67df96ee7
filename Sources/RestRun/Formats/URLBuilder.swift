/// Joins base URLs and paths and appends percent-encoded query items.
package enum URLBuilder {
    /// `base` + `path` when `path` is relative (no scheme), then the query appended with `?` or `&`.
    package static func join(base: String?, _ path: String, query: [(String, String)] = []) -> String {
        var url = path
        if let base, !isAbsolute(path) {
            if path.isEmpty {
                url = base
            } else if base.hasSuffix("/"), path.hasPrefix("/") {
                url = base + path.dropFirst()
            } else if base.hasSuffix("/") || path.hasPrefix("/") || path.hasPrefix("?") {
                url = base + path
            } else {
                url = base + "/" + path
            }
        }
        guard !query.isEmpty else { return url }
        let encoded = query.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
        return url + (url.containsByte(UInt8(ascii: "?")) ? "&" : "?") + encoded
    }

    /// Whether a URL has a scheme (`http://...`).
    package static func isAbsolute(_ url: String) -> Bool {
        // One pass over the bytes: the generic `allSatisfy` and `starts(with:)` over a substring
        // are not specialised here, and this runs for every request sent.
        let bytes = url.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                index = bytes.index(after: index)
            case UInt8(ascii: ":"):
                guard index > bytes.startIndex else { return false }
                for expected in "://".utf8 {
                    guard index < bytes.endIndex, bytes[index] == expected else { return false }
                    index = bytes.index(after: index)
                }
                return true
            default:
                return false
            }
        }
        return false
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    package static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// `%XX` sequences decoded as UTF-8 (the inverse of `encode`); a malformed one is kept as
    /// written.
    package static func decode(_ text: String) -> String {
        guard text.containsByte(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
               let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `scheme://authority` of an absolute URL (the whole text when it has no scheme).
    package static func origin(of url: String) -> Substring {
        guard let schemeEnd = url.firstRange(of: "://") else { return url[...] }
        let rest = url[schemeEnd.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return url[..<end]
    }

    /// A redirect's `Location` resolved against the URL that answered (RFC 3986, 5.2, for the
    /// forms servers send: absolute, scheme-relative, absolute path, relative path).
    static func resolve(_ location: String, against url: String) -> String {
        if isAbsolute(location) { return location }
        if location.hasPrefix("//"), let colon = url.firstIndex(of: ":") { return String(url[...colon]) + location }
        if location.hasPrefix("/") { return String(origin(of: url)) + location }
        let withoutQuery = url.prefix { $0 != "?" && $0 != "#" }
        let directory: Substring = withoutQuery.lastIndex(of: "/").map { withoutQuery[...$0] } ?? withoutQuery
        return String(directory) + location
    }
}
