/// YAML written by rest-run (saved findings): every string double-quoted, with everything but
/// printable ASCII escaped, so that any text a server or a generator made reads back as it was.
package enum YAMLText {
    /// `text` as a double-quoted YAML scalar; with `keepsUnicode`, letters beyond ASCII that YAML
    /// prints as they are (`é`, `日`) are kept rather than escaped.
    package static func quoted(_ text: String, keepsUnicode: Bool = false) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case " "..."~": result.unicodeScalars.append(scalar)
            case _ where keepsUnicode && isPrintedAsIs(scalar): result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                if scalar.value <= 0xFFFF {
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                }
            }
        }
        return result + "\""
    }

    /// Whether YAML reads `scalar` as itself beyond ASCII: printable (YAML 1.2, 5.1), and neither
    /// a line break to YAML 1.1 readers (NEL, U+2028, U+2029) nor a byte order mark.
    package static func isPrintedAsIs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0...0x2027, 0x202A...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `value` in flow style (`{"a": [1, "b"]}`): JSON's shape with YAML's quoting.
    package static func flow(_ value: DecodedValue) -> String {
        switch value {
        case let .string(text): quoted(text)
        case let .array(items): "[" + items.map(flow).joined(separator: ", ") + "]"
        case let .object(members): "{" + members.map { flowKey($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
        default: value.jsonText
        }
    }

    /// The longest key YAML reads without `?`: an implicit key is at most 1,024 characters.
    private static let implicitKeyLimit = 1000

    /// A key of a flow mapping: quoted, and made explicit (`? "…"`) when too long to be implicit.
    package static func flowKey(_ name: String, keepsUnicode: Bool = false) -> String {
        let key = quoted(name, keepsUnicode: keepsUnicode)
        return key.utf8.count > implicitKeyLimit ? "? " + key : key
    }

    /// One entry of a block mapping at `indent`: `"name": value`, or, for a name too long to be an
    /// implicit key, `? "name"` and `: value` on two lines.
    package static func blockEntry(_ name: String, _ value: String, indent: String, keepsUnicode: Bool = false) -> String {
        let key = quoted(name, keepsUnicode: keepsUnicode)
        return key.utf8.count > implicitKeyLimit ? indent + "? " + key + "\n" + indent + ": " + value : indent + key + ": " + value
    }
}

extension YAMLText {
    /// A member name as a JSONPath string literal in single quotes (`'a b'`).
    package static func singleQuotedJSONPath(_ name: String) -> String {
        "'" + name.replacingLiterally("\\", with: "\\\\").replacingLiterally("'", with: "\\'") + "'"
    }
}
