/// Text made safe inside XML and HTML, in content and in attribute values (the JUnit and HTML
/// reports).
package enum MarkupText {
    /// The text with `&`, `<`, `>` and quotes as references and newlines as `&#10;`; characters
    /// XML 1.0 forbids are dropped.
    package static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
