/// What may be a header's name: RFC 9110's token, one check for every place that reads or sends one.
package enum HeaderName {
    /// The characters besides ASCII letters and digits that a token may hold.
    package static let punctuation = "!#$%&'*+-.^_`|~"
    /// The rule in words, for a message that refuses a name.
    package static let rule = "a header name is letters, digits and \(punctuation) only"
    /// A regular expression of a token, for the JSON Schemas rest-run writes.
    package static let pattern = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"

    /// Whether `name` is a token: ASCII letters, digits and `punctuation`, at least one.
    package static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// RFC 9110's `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
