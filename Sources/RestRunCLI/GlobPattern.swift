/// A `--glob` pattern over paths: `*` and `?` within one path segment, `[abc]`, `[a-z]` and
/// `[!x]` classes, and `**` for any number of whole segments (`requests/**/*.yaml`).
struct GlobPattern {
    /// The pattern as written.
    let text: String
    private let segments: [[UInt8]]

    init(_ text: String) {
        self.text = text
        segments = Self.split(text)
    }

    /// A path's segments, without empty and `.` ones.
    private static func split(_ path: String) -> [[UInt8]] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init).filter { $0 != [UInt8(ascii: ".")] }
    }

    /// The folder to search from: the pattern's leading segments without wildcards (`.` when
    /// the first segment has one).
    var root: String {
        let literal = segments.prefix { !Self.hasWildcard($0) }
        // The last segment names files, so it is never the root itself.
        let folders = literal.count == segments.count ? literal.dropLast() : literal[...]
        let joined = folders.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
        if text.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `path` (written as the search produced it, from `root`) matches.
    func matches(_ path: String) -> Bool {
        Self.match(segments[...], Self.split(path)[...])
    }

    private static func hasWildcard(_ segment: [UInt8]) -> Bool {
        segment.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
    }

    private static func match(_ pattern: ArraySlice<[UInt8]>, _ names: ArraySlice<[UInt8]>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == Array("**".utf8) {
            var rest = names
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                // `**` does not walk into hidden folders.
                guard let name = rest.first, name.first != UInt8(ascii: ".") else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = names.first, segment(first[...], name[...]) else { return false }
        return match(pattern.dropFirst(), names.dropFirst())
    }

    /// One segment: `*`, `?` and classes, with backtracking over the last `*` only.
    private static func segment(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var star: ArraySlice<UInt8>.Index?, mark = n
        // A leading `*` or `?` does not match a hidden name's dot, as in shells.
        if name.first == UInt8(ascii: "."), pattern.first != UInt8(ascii: ".") { return false }
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = p
                mark = n
                p += 1
            } else if p < pattern.endIndex, let next = step(pattern, at: p, byte: name[n]) {
                p = next
                n += 1
            } else if let starred = star {
                p = starred + 1
                mark += 1
                n = mark
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Where the pattern goes on when the element at `index` matches `byte`, or nil.
    private static func step(_ pattern: ArraySlice<UInt8>, at index: ArraySlice<UInt8>.Index, byte: UInt8) -> ArraySlice<UInt8>.Index? {
        switch pattern[index] {
        case UInt8(ascii: "?"):
            return index + 1
        case UInt8(ascii: "["):
            var i = index + 1
            let negated = i < pattern.endIndex && (pattern[i] == UInt8(ascii: "!") || pattern[i] == UInt8(ascii: "^"))
            if negated { i += 1 }
            var matched = false, first = true
            while i < pattern.endIndex, first || pattern[i] != UInt8(ascii: "]") {
                first = false
                if i + 2 < pattern.endIndex, pattern[i + 1] == UInt8(ascii: "-"), pattern[i + 2] != UInt8(ascii: "]") {
                    if pattern[i] <= byte && byte <= pattern[i + 2] { matched = true }
                    i += 3
                } else {
                    if pattern[i] == byte { matched = true }
                    i += 1
                }
            }
            // An unclosed `[` is a literal.
            guard i < pattern.endIndex else { return pattern[index] == byte ? index + 1 : nil }
            return matched != negated ? i + 1 : nil
        default:
            return pattern[index] == byte ? index + 1 : nil
        }
    }
}
