import RestRun

/// Makes imported text safe to write into a request file, where `{{name}}` and `${NAME}` are
/// templates: the references rest-run can read are kept; any other `{{` or `${` (unterminated, not
/// a name, an unknown built-in, an environment variable without a default) is what the source
/// meant as plain text, and is made so.
package enum TemplateSafety {
    /// Which references in imported text the source meant for rest-run to read.
    package enum Kept: Sendable {
        /// `{{name}}` (a variable the file declares), `{{$builtin}}` and `${NAME:-default}`: a
        /// Postman collection's own references.
        case references
        /// `${NAME:-default}` only: what the curl importer writes for a shell's `$NAME`.
        case environment
        /// None: a recording (HAR) means every brace as it is.
        case nothing
    }

    /// Whether rest-run reads every `{{`/`${` in `text` as a template that loads, and each is one
    /// `kept` allows.
    package static func isSafe(_ text: String, keeping kept: Kept = .references) -> Bool {
        var escaped = false
        _ = sanitized(text, keeping: kept) { found in
            escaped = true
            return found
        }
        return !escaped
    }

    /// `text` with each `{{`/`${` rest-run cannot read replaced by `escape` of it (in a URL,
    /// percent-encoded; elsewhere, the caller sends the text another way).
    package static func sanitized(_ text: String, keeping kept: Kept = .references, escape: (String) -> String = urlEscape) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        let once = sanitizedOnce(text, keeping: kept, escape: escape)
        // What an escape joins up can form a reference the pass did not see (`{{{{$uuid}}`): then
        // every `{{` and `${` is escaped.
        var escapedAgain = false
        _ = sanitizedOnce(once, keeping: kept) { found in
            escapedAgain = true
            return found
        }
        guard escapedAgain else { return once }
        // Every `{` or `$` before a `{`, scalar by scalar: percent-encoded in a URL, else followed
        // by a space, so that no two join up again.
        let encodes = escape("{{").contains("%")
        var plain = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let beforeBrace = index + 1 < scalars.count && scalars[index + 1] == "{" && (scalar == "{" || scalar == "$")
            if encodes, scalar == "{" || (scalar == "$" && beforeBrace) {
                plain += scalar == "{" ? "%7B" : "%24"
            } else {
                plain.unicodeScalars.append(scalar)
                if beforeBrace { plain += " " }
            }
        }
        return plain
    }

    /// One pass over the text's scalars (a `{` may carry a combining mark, which `Character`s
    /// would hide).
    private static func sanitizedOnce(_ text: String, keeping kept: Kept, escape: (String) -> String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var index = 0
        func find(_ first: Unicode.Scalar, _ second: Unicode.Scalar?, from start: Int) -> Int? {
            var position = start
            while position < scalars.count {
                if scalars[position] == first, second == nil || (position + 1 < scalars.count && scalars[position + 1] == second) { return position }
                position += 1
            }
            return nil
        }
        func slice(_ range: Range<Int>) -> String {
            var out = ""
            out.unicodeScalars.append(contentsOf: scalars[range])
            return out
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "{", next == "{" {
                if let close = find("}", "}", from: index + 2) {
                    let name = slice((index + 2)..<close).trimmingCharacters(in: " ")
                    if kept == .references, name.hasPrefix("$") ? BuiltinValue(rawValue: name) != nil : TemplateParser.isVariableName(name) {
                        result += slice(index..<(close + 2))
                        index = close + 2
                        continue
                    }
                }
                result += escape("{{")
                index += 2
            } else if scalar == "$", next == "{" {
                // Only `${NAME:-...}` with a default loads without the variable set.
                if kept != .nothing, let close = find("}", nil, from: index + 2), let separator = find(":", "-", from: index + 2), separator < close,
                   TemplateParser.isEnvironmentName(slice((index + 2)..<separator)),
                   find("{", nil, from: separator).map({ $0 > close }) ?? true {
                    result += slice(index..<(close + 1))
                    index = close + 1
                    continue
                }
                result += escape("${")
                index += 2
            } else {
                result.unicodeScalars.append(scalar)
                index += 1
            }
        }
        return result
    }

    /// `{{` and `${` percent-encoded, as a URL may carry them.
    package static func urlEscape(_ text: String) -> String {
        text.replacingLiterally("{", with: "%7B").replacingLiterally("$", with: "%24")
    }
}
