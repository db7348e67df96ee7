/// `--dry-run`'s output: each request as a comment line with its location, a note when it cannot be
/// prepared or is skipped, and its curl command.
package enum DryRunRenderer {
    /// The text for `entries`, dimmed comments when `colors` is on.
    public static func render(_ entries: [DryRun.DryRunItem], colors: Bool) -> String {
        let style = TerminalStyle(enabled: colors)
        var text = ""
        for entry in entries {
            text += style.dim("# \(entry.name)" + (entry.location.map { "  (\($0))" } ?? "")) + "\n"
            if let note = entry.note { text += style.dim("# " + note.replacing("\n", with: "\n# ")) + "\n" }
            if let command = entry.command { text += command + "\n" }
            text += "\n"
        }
        return text
    }
}
