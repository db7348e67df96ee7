/// A message about a request file or a run, printed the way compilers print them:
/// `file:line:col: error: message`, the offending line, a caret, then notes.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        /// Stops the file from running, or fails a request.
        case error
        /// Worth reading; changes nothing.
        case warning
    }

    /// How serious it is.
    public var severity: Severity
    /// One sentence, without a trailing period.
    public var message: String
    /// Where it applies, when it comes from a file.
    public var location: SourceLocation?
    /// Lines printed under the excerpt, such as `expected: ...` and `actual: ...`.
    public var notes: [String]

    /// Creates an error diagnostic.
    public init(_ message: String, at location: SourceLocation? = nil, notes: [String] = [], severity: Severity = .error) {
        self.message = message
        self.location = location
        self.notes = notes
        self.severity = severity
    }

    /// The diagnostic as plain text, several lines, no trailing newline.
    public var description: String { rendered(colors: false) }

    /// The diagnostic as text, with ANSI colours when `colors` is true.
    public func rendered(colors: Bool) -> String {
        let style = TerminalStyle(enabled: colors)
        var lines: [String] = []
        let label = severity == .error ? style.red("\(severity.rawValue):") : style.yellow("\(severity.rawValue):")
        if let location {
            lines.append(style.bold("\(location):") + " " + label + " " + style.bold(message))
            if let text = location.lineText {
                // The line as written, its number in a gutter: an extra space in the indentation shows.
                let (excerpt, caret) = Self.excerpt(of: text, column: location.column)
                let number = String(location.line)
                lines.append(style.dim(" \(number) | ") + excerpt)
                lines.append(style.dim(" " + String(repeating: " ", count: number.count) + " | ") + String(repeating: " ", count: caret) + style.green("^"))
            }
        } else {
            lines.append(label + " " + style.bold(message))
        }
        lines.append(contentsOf: notes.map { "  " + $0 })
        return lines.joined(separator: "\n")
    }

    /// The most characters of a source line shown under a diagnostic.
    static let excerptWidth = 120

    /// The line with its indentation (a tab shown as `→`, other control characters as `�`), cut
    /// to a window around `column` when it is long, and the caret's position in it.
    static func excerpt(of line: String, column: Int) -> (text: String, caret: Int) {
        let characters = Array(line.unicodeScalars.map { scalar -> Character in
            if scalar == "\t" { return "→" }
            return scalar.properties.generalCategory == .control ? "\u{FFFD}" : Character(scalar)
        })
        var start = 0
        var end = characters.count
        let target = min(max(column - 1, 0), characters.count)
        var prefix = ""
        var suffix = ""
        if end - start > excerptWidth {
            start = max(0, min(target - excerptWidth / 2, end - excerptWidth))
            if start > 0 { prefix = "…" }
            if start + excerptWidth < end { end = start + excerptWidth; suffix = "…" }
        }
        let caret = prefix.count + max(0, target - start)
        return (prefix + String(characters[start..<end]) + suffix, caret)
    }
}
