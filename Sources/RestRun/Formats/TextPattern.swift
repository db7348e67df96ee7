/// A regular expression compiled once, where it is read: `matches:` in an expectation, and a
/// schema's `pattern` and `patternProperties`. A pattern that I-Regexp (RFC 9485) can express runs
/// on its linear-time matcher, so no pattern and no value can make a check take exponential time;
/// any other pattern runs on Swift's `Regex`, compiled and used once before the pattern is shared,
/// so concurrent readers find it ready. A class: `Regex` is laid out only at run time, and a
/// predicate or schema keyword holding it by value would be too, on every copy.
package final class TextPattern: @unchecked Sendable {
    /// The pattern as written.
    package let source: String
    let linear: IRegexp?
    private let regex: Regex<AnyRegexOutput>?

    /// Compiles `source`; `linearForm` is the same pattern as I-Regexp would write it, when the
    /// caller's dialect spells some classes otherwise (see `ecmaLinearForm`). Throws when Swift's
    /// `Regex` cannot compile a pattern I-Regexp refuses.
    package init(_ source: String, linearForm: String? = nil) throws {
        self.source = source
        if let linear = IRegexp(linearForm ?? source) {
            self.linear = linear
            regex = nil
        } else {
            linear = nil
            let regex = try Regex(source)
            _ = "".contains(regex)
            self.regex = regex
        }
    }

    /// Whether the pattern matches anywhere in `text` (patterns are not anchored).
    package func matches(_ text: String) -> Bool {
        if let linear { return linear.matchesSomewhere(text) }
        guard let regex else { return true }
        return (try? regex.firstMatch(in: text)) != nil
    }

    /// An ECMA-262 pattern (a JSON Schema's) with its `\d`, `\w` and `\s` written as I-Regexp
    /// classes; nil when it uses a negated one inside a class, which I-Regexp cannot say.
    static func ecmaLinearForm(_ source: String) -> String? {
        // ECMA-262's white space and line terminators.
        let space = " \\t\\n\\r\u{0B}\u{0C}\u{A0}\u{FEFF}\u{2028}\u{2029}\\p{Zs}"
        let classes: [Character: (inside: String, outside: String)] = [
            "d": ("0-9", "[0-9]"), "w": ("A-Za-z0-9_", "[A-Za-z0-9_]"), "s": (space, "[" + space + "]"),
            "D": ("", "[^0-9]"), "W": ("", "[^A-Za-z0-9_]"), "S": ("", "[^" + space + "]"),
        ]
        var result = ""
        var inClass = false
        var iterator = Array(source)[...]
        while let character = iterator.popFirst() {
            if character == "\\", let next = iterator.first {
                iterator = iterator.dropFirst()
                if let replacement = classes[next] {
                    if inClass {
                        guard !replacement.inside.isEmpty else { return nil }
                        result += replacement.inside
                    } else {
                        result += replacement.outside
                    }
                } else {
                    result += "\\" + String(next)
                }
                continue
            }
            if character == "[" { inClass = true } else if character == "]" { inClass = false }
            result.append(character)
        }
        return result
    }
}
