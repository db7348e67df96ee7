import ArgumentParser

/// `rest-run --generate-completion-script bash|zsh|fish`: swift-argument-parser's scripts, with
/// one addition: since `run` is the default subcommand, the first word after `rest-run` also
/// completes request files (`*.yaml`, `*.yml`) and folders, not only subcommand names.
enum CompletionScripts {
    /// The script for `shell`, or nil for a shell ArgumentParser does not know.
    static func script(for shellName: String) -> String? {
        guard let shell = CompletionShell(rawValue: shellName) else { return nil }
        let script = RestRunCommand.completionScript(for: shell)
        switch shell {
        case .bash:
            // The line after the top level's "# Offer subcommand completions" lists the subcommands.
            let marker = "# Offer subcommand completions\n"
            guard let comment = script.firstRange(of: marker),
                  let lineEnd = script[comment.upperBound...].firstIndex(of: "\n")
            else { return script }
            var patched = script
            patched.insert(
                contentsOf: "\n        __rest-run_add_completions -o plusdirs -fX '!*.@(yaml|yml)'", at: lineEnd)
            return patched
        case .zsh:
            let offer = "        _describe -V subcommand subcommands && ret=0\n"
            return script.replacingFirst(offer, with: offer + "        _files -g '*.yaml *.yml' && ret=0\n")
        case .fish:
            // The file expression `run`'s positional uses, offered at the top level too.
            let marker = "__rest-run_should_offer_completions_for_positional \"rest-run run\" -ge 1' -fa '"
            guard let line = script.split(separator: "\n").first(where: { $0.contains(marker) }) else { return script }
            let topLevel = line.replacingFirst("\"rest-run run\" -ge 1", with: "\"rest-run\" -ge 1")
            return script + (script.hasSuffix("\n") ? "" : "\n") + topLevel + "\n"
        default:
            return script
        }
    }
}
