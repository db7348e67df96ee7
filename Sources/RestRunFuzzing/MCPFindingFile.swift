package import RestRun

/// An MCP finding as a request file that replays it: the call as the fuzzer made it, against
/// the same server (its `mcp_server:` as written, its templates unrendered), so that `rest-run
/// FILE` fails the same way while the bug is there: exit 3 for a crash or a hang, exit 4 for the
/// rest.
package enum MCPFindingFile {
    /// The file's name: `mcp-`, the tool and the check, as a slug.
    package static func name(_ finding: MCPFuzzFinding) -> String {
        "mcp-\(FindingFile.slug(finding.tool))-\(finding.check.rawValue).yaml"
    }

    /// The file's text, for a file saved in `folder`.
    package static func text(_ finding: MCPFuzzFinding, target: MCPFuzzTarget, folder: String, seed: UInt64, timeout: Duration) -> String {
        let fixed = finding.negative
            ? "the tool refuses these arguments (isError: true; a server that answers JSON-RPC -32602 instead fails this file too)"
            : "the tool answers without a JSON-RPC error, crash or hang, with structuredContent that matches its outputSchema"
        var lines = [
            "# rest-run fuzz found this (seed \(seed)): \(finding.tool): \(finding.check.rawValue) (\(finding.check.summary)).",
            "# \(finding.message.replacingLiterally("\n", with: " "))",
            "# It fails while the bug is there; it passes once \(fixed).",
            target.findingHeader(savedIn: folder) + "requests:",
            "  - name: \(DecodedValue.string("\(finding.tool): \(finding.check.summary)").jsonText)",
            "    mcp:",
            "      tool: \(DecodedValue.string(finding.tool).jsonText)",
            "      arguments: \(finding.arguments.jsonText)",
        ]
        if finding.negative { lines.append("      validate: false") }
        lines.append("    options: { timeout: \(DurationText.format(timeout).replacingLiterally(" ", with: "")) }")
        if finding.negative { lines.append("    expect: { mcp_error: true }") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes each finding into the folder `folder` (made when missing), and notes where.
    package static func save(
        _ report: inout MCPFuzzer.Report, target: MCPFuzzTarget, in folder: String, seed: UInt64, timeout: Duration
    ) throws(FileSystem.ReadError) {
        let paths = try FindingFile.write(report.findings.map { finding in
            (name(finding), text(finding, target: target, folder: folder, seed: seed, timeout: timeout))
        }, in: folder)
        for (index, path) in paths.enumerated() { report.findings[index].file = path }
    }
}
