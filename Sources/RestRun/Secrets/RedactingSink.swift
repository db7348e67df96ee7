/// A sink that hides every secret its redactor knows at the moment of writing: the last guard in
/// front of the terminal, so that no line (a log line, an annotation, an error) can carry a secret
/// that became known after the line was put together.
package struct RedactingSink: TextSink {
    /// Where the redacted text goes.
    package let sink: any TextSink
    /// What it hides.
    package let redactor: Redactor

    /// Creates a redacting sink in front of `sink`.
    package init(_ sink: any TextSink, redactor: Redactor) {
        self.sink = sink
        self.redactor = redactor
    }

    /// Writes `text` with every known secret replaced.
    package func write(_ text: String) { sink.write(redactor.redact(text)) }

    /// Whether the sink behind it is a terminal.
    package var isTerminal: Bool { sink.isTerminal }
}
