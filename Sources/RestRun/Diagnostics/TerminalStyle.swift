/// ANSI styling that is a no-op when colours are off.
package struct TerminalStyle: Sendable {
    /// Whether escape codes are written.
    public var enabled: Bool

    /// Creates a style that writes escape codes only when `enabled`.
    public init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Bold text.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Red text, for failures.
    public func red(_ text: String) -> String { wrap(text, "1;31") }
    /// Green text, for passes.
    public func green(_ text: String) -> String { wrap(text, "32") }
    /// Yellow text, for skips and warnings.
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Cyan text, for notes (`snapshot written`).
    public func cyan(_ text: String) -> String { wrap(text, "36") }
    /// Dim text, for timings and details.
    public func dim(_ text: String) -> String { wrap(text, "2") }
}
