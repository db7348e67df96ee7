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
                let trimmed = text.drop { $0 == " " || $0 == "\t" }
                let indent = text.count - trimmed.count
                let caret = max(0, location.column - 1 - indent)
                lines.append("    " + String(trimmed))
                lines.append("    " + String(repeating: " ", count: caret) + style.green("^"))
            }
        } else {
            lines.append(label + " " + style.bold(message))
        }
        lines.append(contentsOf: notes.map { "  " + $0 })
        return lines.joined(separator: "\n")
    }
}
