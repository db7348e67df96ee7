/// Makes imported text safe to write into a request file, where `{{name}}` and `${NAME}` are
/// templates: the references rest-run can read are kept; any other `{{` or `${` (unterminated, not
/// a name, an unknown built-in, an environment variable without a default) is what the source
/// meant as plain text, and is made so.
package enum TemplateSafety {
    /// Whether rest-run reads every `{{`/`${` in `text` as a template that loads.
    package static func isSafe(_ text: String) -> Bool {
        var escaped = false
        _ = sanitized(text) { found in
            escaped = true
            return found
        }
        return !escaped
    }

    /// `text` with each `{{`/`${` rest-run cannot read replaced by `escape` of it (in a URL,
    /// percent-encoded; elsewhere, the caller sends the text another way).
    package static func sanitized(_ text: String, escape: (String) -> String = urlEscape) -> String {
        guard text.contains("{") else { return text }
        let once = sanitizedOnce(text, escape: escape)
        // What an escape joins up can form a reference the pass did not see (`{{{{$uuid}}`): then
        // every `{{` and `${` is escaped.
        var escapedAgain = false
        _ = sanitizedOnce(once) { found in
            escapedAgain = true
            return found
        }
        guard escapedAgain else { return once }
        var plain = text
        for pair in ["{{", "${"] {
            var guardCount = 0
            while plain.contains(pair), guardCount < 10_000 {
                plain = plain.replacingOccurrences(of: pair, with: escape(pair))
                guardCount += 1
                if escape(pair).contains(pair) { break }
            }
        }
        return plain
    }

    private static func sanitizedOnce(_ text: String, escape: (String) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(where: { $0 == "{" || $0 == "$" }) {
            result += rest[..<index]
            rest = rest[index...]
            if rest.hasPrefix("{{") {
                if let close = rest.dropFirst(2).range(of: "}}") {
                    let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]).trimmingCharacters(in: " ")
                    if name.hasPrefix("$") ? BuiltinValue(rawValue: name) != nil : TemplateParser.isVariableName(name) {
                        result += rest[..<close.upperBound]
                        rest = rest[close.upperBound...]
                        continue
                    }
                }
                result += escape("{{")
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("${") {
                // Only `${NAME:-...}` with a default loads without the variable set.
                if let close = rest.firstIndex(of: "}"), let separator = rest[..<close].range(of: ":-"),
                   TemplateParser.isEnvironmentName(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<separator.lowerBound])),
                   !rest[separator.upperBound..<close].contains("{") {
                    result += rest[...close]
                    rest = rest[rest.index(after: close)...]
                    continue
                }
                result += escape("${")
                rest = rest.dropFirst(2)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result + rest
    }

    /// `{{` and `${` percent-encoded, as a URL may carry them.
    package static func urlEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "$", with: "%24")
    }
}
