/// Reads fenced code blocks out of Markdown, for tests that keep documentation honest.
public enum Markdown {
    /// The contents of every block fenced with ```` ```language ````, in order.
    public static func codeBlocks(_ language: String, in document: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }
}
