/// The password of a URL's userinfo (`http://alice:PASSWORD@host/`): a credential as much as an
/// `Authorization` header is, so every text rest-run shows has it masked wherever a URL is written
/// in it, whether or not the redactor was told of it (a dry run sends nothing; a short password
/// is not learnt as a secret).
enum URLPassword {
    /// The user and password written in `url`'s userinfo, percent-decoded; nil when it has no
    /// password.
    static func credentials(in url: String) -> (user: String, password: String)? {
        let bytes = Array(url.utf8)
        guard let range = passwordRanges(in: bytes).first, let separator = bytes.firstRange(of: "://".utf8) else { return nil }
        let user = String(decoding: bytes[separator.upperBound..<(range.lowerBound - 1)], as: UTF8.self)
        return (URLBuilder.decode(user), URLBuilder.decode(String(decoding: bytes[range], as: UTF8.self)))
    }

    /// `text` with the password of every URL in it masked (`http://alice:[redacted]@host/`), or nil
    /// when no URL in it carries one.
    static func masked(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            // Every printed line comes through here: a URL with a password is rare, so the bytes
            // are first only scanned for "://".
            guard containsSchemeSeparator(bytes) else { return nil }
            let ranges = passwordRanges(in: bytes)
            guard !ranges.isEmpty else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var start = 0
            for range in ranges {
                result.append(contentsOf: bytes[start..<range.lowerBound])
                result.append(contentsOf: Redactor.mask.utf8)
                start = range.upperBound
            }
            result.append(contentsOf: bytes[start...])
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Whether a `:` is followed by `/` or by JSON's `\/`, as after a URL's scheme.
    private static func containsSchemeSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: ":") {
            let next = bytes[index + 1]
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "\\") { return true }
        }
        return false
    }

    /// Where the passwords are: for each `scheme://` (or JSON's `scheme:\/\/`), the bytes between
    /// the userinfo's first colon and the authority's last `@`.
    private static func passwordRanges<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> [Range<Int>] where Bytes.Index == Int {
        var ranges: [Range<Int>] = []
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            let authorityStart: Int
            if bytes[index] != UInt8(ascii: ":") || index == bytes.startIndex || !isSchemeByte(bytes[index - 1]) {
                index += 1
                continue
            } else if bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") {
                authorityStart = index + 3
            } else if index + 4 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "/"),
                      bytes[index + 3] == UInt8(ascii: "\\"), bytes[index + 4] == UInt8(ascii: "/") {
                authorityStart = index + 5
            } else {
                index += 1
                continue
            }
            var end = authorityStart
            var lastAt: Int?
            while end < bytes.endIndex, !endsAuthority(bytes[end]) {
                if bytes[end] == UInt8(ascii: "@") { lastAt = end }
                end += 1
            }
            if let lastAt, let colon = bytes[authorityStart..<lastAt].firstIndex(of: UInt8(ascii: ":")), colon + 1 < lastAt {
                ranges.append((colon + 1)..<lastAt)
            }
            index = end
        }
        return ranges
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// A byte that ends a URL's authority: its path, query or fragment begins, or the URL itself
    /// ends (space, a quote, a bracket, a backslash of a JSON escape, a control character).
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return byte < 0x20 || byte == 0x7F
        }
    }
}
