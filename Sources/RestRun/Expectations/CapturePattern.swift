/// `capture: {regex: ...}`: a regular expression over the body, compiled once when the file loads,
/// whose first group (or whole match) is the captured value. Groups need Swift's `Regex`: the
/// linear-time matcher of `TextPattern` answers only whether a pattern matches. A class, as
/// `TextPattern` is, so that a capture's layout is known when it compiles.
package final class CapturePattern: @unchecked Sendable {
    /// The pattern as written.
    package let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `source`; throws when it is not a regular expression.
    package init(_ source: String) throws {
        self.source = source
        regex = try Regex(source)
        // Used once before it is shared, so concurrent readers find it ready (as `TextPattern`).
        _ = "".contains(regex)
    }

    /// The first group of the first match in `text`, or the whole match when the pattern has no
    /// group; nil when nothing matches.
    package func firstGroup(in text: String) -> String? {
        guard let match = try? regex.firstMatch(in: text) else { return nil }
        let group = match.output.count > 1 ? match.output[1].substring : match.output[0].substring
        return group.map(String.init) ?? ""
    }
}
