/// Which requests a run sends: `--tag` (any of the tags), `--exclude-tag` (none of them) and
/// `--name` (a pattern). Requests left out are neither sent nor reported.
public struct RequestFilter: Sendable {
    /// Run requests carrying any of these tags; empty runs all.
    public var tags: Set<String>
    /// Run requests whose name matches one of these patterns: `*` and `?` wildcards, or a
    /// case-insensitive substring when the pattern has none; empty runs all.
    public var namePatterns: [String]
    /// Leave out requests carrying any of these tags; it wins over `tags`.
    public var excludedTags: Set<String>

    /// Creates a filter.
    public init(tags: Set<String> = [], namePatterns: [String] = [], excludedTags: Set<String> = []) {
        self.tags = tags
        self.namePatterns = namePatterns
        self.excludedTags = excludedTags
    }

    /// Whether `request` is selected.
    package func selects(_ request: DeclaredExchange) -> Bool {
        if !tags.isEmpty, tags.isDisjoint(with: request.tags) { return false }
        if !excludedTags.isEmpty, !excludedTags.isDisjoint(with: request.tags) { return false }
        if !namePatterns.isEmpty, !namePatterns.contains(where: { Self.matches(request.name, pattern: $0) }) { return false }
        return true
    }

    /// Glob matching with `*` and `?`; a pattern without wildcards matches as a substring.
    public static func matches(_ name: String, pattern: String) -> Bool {
        guard pattern.contains("*") || pattern.contains("?") else {
            return name.lowercased().contains(pattern.lowercased())
        }
        let text = Array(name), glob = Array(pattern)
        var t = 0, g = 0, star = -1, mark = 0
        while t < text.count {
            if g < glob.count, glob[g] == "?" || glob[g] == text[t] {
                t += 1
                g += 1
            } else if g < glob.count, glob[g] == "*" {
                star = g
                mark = t
                g += 1
            } else if star >= 0 {
                g = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while g < glob.count, glob[g] == "*" { g += 1 }
        return g == glob.count
    }
}
