/// Finding and replacing text by its exact bytes, for the ASCII markers the importers and quoting
/// look for (`{{`, `://`, `\`). Byte for byte rather than by `Character`: a marker followed by a
/// combining mark is still found, as the template reader (which reads scalars) would see it.
extension StringProtocol {
    /// The first range whose UTF-8 bytes are `target`'s, or nil.
    package func literalRange(of target: String) -> Range<Index>? {
        let bytes = Array(target.utf8)
        guard let first = bytes.first else { return nil }
        var position = utf8.startIndex
        while position != utf8.endIndex {
            if utf8[position] == first {
                var candidate = position
                var matched = 0
                while matched < bytes.count, candidate != utf8.endIndex, utf8[candidate] == bytes[matched] {
                    candidate = utf8.index(after: candidate)
                    matched += 1
                }
                if matched == bytes.count { return position..<candidate }
            }
            position = utf8.index(after: position)
        }
        return nil
    }

    /// The text with every occurrence of `target` (by its bytes, left to right, not overlapping)
    /// replaced by `replacement`.
    package func replacingLiterally(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let found = rest.literalRange(of: target) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        result += rest
        return result
    }
}
