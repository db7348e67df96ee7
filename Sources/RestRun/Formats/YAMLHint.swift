import RestRunYAML

/// A plain hint under libyaml's own message for the mistakes people make most: a tab in the
/// indentation, a line indented deeper than its key, keys or items that do not line up, `[ ]`
/// or `,` inside `{ }`, and an unquoted `: ` inside a value.
enum YAMLHint {
    /// The notes for a YAML error `message` at `mark` in `source` (none when nothing fits).
    static func notes(for message: String, at mark: Mark, in source: SourceText) -> [String] {
        let line = source.line(mark.line).map(String.init) ?? ""
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        if indentation.contains("\t") || message.contains("tab character") {
            return ["YAML indents with spaces, never tabs: line \(mark.line) starts with a tab; use spaces"]
        }
        let before = String(line.prefix(max(0, mark.column - 1)))
        if message.hasPrefix("mapping values are not allowed") {
            // `name: a: b`: a `: ` already separated this line's key from its value.
            let content = line.drop { $0 == " " || $0 == "-" }
            let prefix = before.drop { $0 == " " || $0 == "-" }
            if prefix.firstRange(of: ": ") != nil, let separator = content.firstRange(of: ": ") {
                let key: Substring = content[..<separator.lowerBound]
                let value: String = content[separator.upperBound...].trimmingSpaces()
                return ["a value that holds ': ' must be quoted: \(key): \"\(value.replacingQuotes())\""]
            }
            return ["this line is indented deeper than the key above it, so YAML reads it as part of that key's value: "
                    + "line it up with the key it belongs with"]
        }
        if message.hasPrefix("did not find expected ',' or '}'") || message.hasPrefix("did not find expected ',' or ']'") {
            let word = line.dropFirst(max(0, mark.column - 1)).prefix { $0 != " " && $0 != "," && $0 != "}" }
            let start = before.reversed().prefix { $0 != " " && $0 != "{" && $0 != "[" && $0 != "," }.reversed()
            let value = String(start) + word
            let example = value.isEmpty ? "\"$.data[0].id\"" : "\"\(value.replacingQuotes())\""
            return ["inside { } or [ ], quote a value that holds [ ], { }, ',' or ': ', as in \(example)"]
        }
        if message.hasPrefix("did not find expected key") || message.hasPrefix("did not find expected '-' indicator") {
            let column = indentation.count + 1
            if let context = contextMark(in: message), let contextLine = source.line(context.line) {
                let contextIndent = contextLine.prefix { $0 == " " }.count
                let item = contextLine.dropFirst(contextIndent)
                if column == contextIndent + 1, item.hasPrefix("- ") {
                    let key = item.dropFirst(2).prefix { $0 != ":" && $0 != " " }
                    return ["line \(mark.line) is not an item of the list at line \(context.line) (its items start with '- '): "
                            + "to give the item above another key, indent it to column \(contextIndent + 3), under '\(key)'"]
                }
                return ["the keys of one mapping and the items of one list must start in the same column: "
                        + "line \(mark.line) starts at column \(column), the block at line \(context.line) at column \(context.column)"]
            }
            return ["the keys of one mapping and the items of one list must start in the same column"]
        }
        return []
    }

    /// The mark in libyaml's `(while parsing ... at L:C)`.
    private static func contextMark(in message: String) -> Mark? {
        guard let at = message.ranges(of: " at ").last else { return nil }
        let parts = message[at.upperBound...].prefix { $0.isNumber || $0 == ":" }.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return Mark(line: line, column: column)
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The text with `"` escaped, to sit inside double quotes.
    fileprivate func replacingQuotes() -> String {
        var text = ""
        for character in self { text += character == "\"" ? "\\\"" : String(character) }
        return text
    }
}
