/// How deeply a GraphQL document nests its brackets, strings and comments skipped: the parser
/// descends once a level, so a hostile document is refused before it is parsed.
enum GraphQLDepth {
    /// The deepest nesting a document may have.
    static let limit = 128

    /// Whether `text` nests `{`, `[` and `(` deeper than `limit`.
    static func isTooDeep(_ text: String) -> Bool {
        var depth = 0
        var bytes = text.utf8.makeIterator()
        var pending: UInt8?
        func next() -> UInt8? {
            if let byte = pending {
                pending = nil
                return byte
            }
            return bytes.next()
        }
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "#"):
                while let skipped = next(), skipped != 0x0A, skipped != 0x0D {}
            case UInt8(ascii: "\""):
                // A string, or a block string (`"""`) that ends at the next `"""`.
                var quotes = 1
                while let following = next() {
                    guard following == UInt8(ascii: "\"") else {
                        pending = following
                        break
                    }
                    quotes += 1
                    if quotes == 3 { break }
                }
                if quotes == 3 {
                    var run = 0
                    while let skipped = next() {
                        if skipped == UInt8(ascii: "\\") { run = 0; _ = next(); continue }
                        run = skipped == UInt8(ascii: "\"") ? run + 1 : 0
                        if run == 3 { break }
                    }
                } else if quotes == 1 {
                    while let skipped = next(), skipped != UInt8(ascii: "\""), skipped != 0x0A {
                        if skipped == UInt8(ascii: "\\") { _ = next() }
                    }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
                depth = max(0, depth - 1)
            default: break
            }
        }
        return false
    }
}
