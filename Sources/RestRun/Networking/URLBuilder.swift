/// Joins base URLs and paths and appends percent-encoded query items.
public enum URLBuilder {
    /// `base` + `path` when `path` is relative (no scheme), then the query appended with `?` or `&`.
    public static func join(base: String?, _ path: String, query: [(String, String)] = []) -> String {
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
        return url + (url.contains("?") ? "&" : "?") + encoded
    }

    /// Whether a URL has a scheme (`http://...`).
    public static func isAbsolute(_ url: String) -> Bool {
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > bytes.startIndex else { return false }
        let isSchemeByte = { (byte: UInt8) in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
        return bytes[..<colon].allSatisfy(isSchemeByte) && bytes[colon...].starts(with: "://".utf8)
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    public static func encode(_ text: String) -> String {
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
}
