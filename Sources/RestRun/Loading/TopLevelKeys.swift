/// The top-level keys of a YAML file met so far, line by line, and whether its first content
/// line already tells its kind (a list: a data file).
struct TopLevelKeys {
    /// Each top-level key with the start of its value.
    var keys: [Substring: Substring] = [:]
    /// Whether a line other than a comment, a directive or a document marker was read.
    var sawContent = false
    /// The kind, when a line has told it.
    var kind: FileKind?

    /// Reads one line.
    mutating func read(_ line: Substring) {
        var rest = line.drop { $0 == "\u{FEFF}" }
        if rest.isEmpty || rest.first == "#" || rest.first == "%" || rest.hasPrefix("---") || rest.hasPrefix("...") { return }
        if !sawContent {
            sawContent = true
            if rest.first == "[" || rest == "-" || rest.hasPrefix("- ") || rest.hasPrefix("-\t") {
                kind = .data
                return
            }
            if rest.first == "{" { rest = rest.dropFirst().drop { $0 == " " } }
        }
        guard let first = rest.first, first != " ", first != "\t", first != "-" else { return }
        guard let colon = rest.firstIndex(of: ":") else { return }
        let key = rest[..<colon].trimmingQuotes()
        keys[key] = rest[rest.index(after: colon)...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
    }
}

extension Substring {
    /// The text without one pair of surrounding quotes.
    fileprivate func trimmingQuotes() -> Substring {
        guard count >= 2, let first, first == "\"" || first == "'", last == first else { return self }
        return dropFirst().dropLast()
    }
}
