/// Texts for generated strings: of a given length in Unicode scalars (as JSON Schema counts
/// them), from ASCII and from what servers often mishandle: emoji, combining marks, right-to-left
/// scripts and control characters (never NUL).
package enum TextSampler {
    private static let ascii: [Unicode.Scalar] = Array((0x20...0x7E).compactMap(Unicode.Scalar.init))
    private static let letters: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".unicodeScalars)
    private static let unusual: [Unicode.Scalar] = [
        "\u{1F600}", "\u{1F469}", "\u{200D}", "\u{1F4BB}", "\u{301}", "\u{308}", "\u{5E9}", "\u{5DC}", "\u{627}", "\u{644}",
        "\u{202E}", "\u{4E2D}", "\u{6587}", "\u{E9}", "\u{DF}", "\u{FEFF}", "\u{1}", "\u{1F}", "\u{7F}", "\u{9}", "\u{A}", "\u{D}",
        "\u{2028}", "\u{FFFD}", "\u{10FFFF}", "\"", "\\", "'", "<", ">", "&", "%", "/", "?", "#",
    ]

    /// A text of `count` scalars for `place`; `unusual` mixes in the characters above (not in a
    /// header, whose value must be visible ASCII).
    package static func text(count: Int, place: ValuePlace, unusual: Bool, using random: inout SeededRandom) -> String {
        var scalars = String.UnicodeScalarView()
        for index in 0..<count {
            let scalar: Unicode.Scalar
            switch place {
            case .header:
                // No space first or last: a header value's outer spaces are not part of it.
                scalar = (index == 0 || index == count - 1) ? letters.randomElement(using: &random) ?? "a"
                    : ascii.randomElement(using: &random) ?? "a"
            default:
                if unusual, random.chance(1, in: 3) {
                    scalar = Self.unusual.randomElement(using: &random) ?? "a"
                } else {
                    scalar = (random.chance(3, in: 4) ? letters : ascii).randomElement(using: &random) ?? "a"
                }
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
