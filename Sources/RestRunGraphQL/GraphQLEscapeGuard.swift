/// GraphQLSwift's lexer reads the four hex digits after `\u` without checking that the text has
/// them, and traps past its end; a document whose `\u` is cut off is refused before it is parsed.
enum GraphQLEscapeGuard {
    /// Whether a `\u` in `text` has fewer than four bytes after it.
    static func isCutOff(_ text: String) -> Bool {
        let bytes = Array(text.utf8.suffix(6))
        guard bytes.count >= 2 else { return false }
        for index in 0..<(bytes.count - 1) where bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u") {
            if bytes.count - (index + 2) < 4 { return true }
        }
        return false
    }
}
