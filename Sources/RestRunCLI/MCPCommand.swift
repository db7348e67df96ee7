import ArgumentParser
import RestRun

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `rest-run mcp [--root DIR]`: rest-run as an MCP server over stdio, for coding agents: tools to
/// run, check and list request files, import other tools' requests, and give the request-file
/// schema (`MCPToolServer`).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve rest-run's tools (run, check, list, import, schema) to an MCP client over stdio.",
        discussion: """
            Add it to an agent's MCP configuration as a stdio server, for instance: \
            {"mcpServers": {"rest-run": {"command": "rest-run", "args": ["mcp", "--root", "/path/to/project"]}}}. \
            Paths the tools take are relative to --root, and no file outside it is read.
            """)

    @Option(help: "The folder the tools' paths are relative to, and outside which they read nothing (default: the working directory).")
    var root: String?

    func run() async throws {
        let folder = FileSystem.canonicalPath(root ?? ".")
        guard FileSystem.isDirectory(folder) else { throw ValidationError("--root \(root ?? "."): no such folder") }
        guard chdir(folder) == 0 else { throw ValidationError("--root \(folder): cannot enter the folder") }
        await MCPToolServer(root: folder).serve()
    }
}
