import RestRun

/// What a tool of `rest-run mcp` is given besides its arguments: the root its paths are relative
/// to, and how to tell the client of its progress (done, of a total when known, and what).
struct MCPToolContext: Sendable {
    let root: String
    let progress: @Sendable (Int, Int?, String) -> Void

    /// `paths` (relative to the root, or absolute within it) as given, each checked to be inside
    /// the root; the root itself when there are none.
    func confined(_ paths: [String]) -> Result<[String], MCPToolFailure> {
        guard !paths.isEmpty else { return .success(["."]) }
        var checked: [String] = []
        for path in paths {
            let absolute = path.hasPrefix("/") ? path : root + "/" + path
            let resolved = FileSystem.canonicalPath(absolute)
            guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
                return .failure(MCPToolFailure(message: "\(path) is outside the root \(root): rest-run mcp reads no file outside it (start it with --root to serve another folder)"))
            }
            guard FileSystem.exists(resolved) else { return .failure(MCPToolFailure(message: "no such file or folder under \(root): \(path)")) }
            checked.append(path.hasPrefix("/") ? resolved : path)
        }
        return .success(checked)
    }
}
