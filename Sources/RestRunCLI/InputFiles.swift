import ArgumentParser
import RestRun

/// Expands the FILE|DIR arguments and `--glob` patterns into the request files to run, sorted
/// within each argument. A directory stands for its `*.yaml` and `*.yml` files and those of its
/// subfolders (hidden ones left out); what is found that way runs only when it is a request file:
/// flows, OpenAPI specs, mock routes and data files are left for the files that name them
/// (`FileKind`), and snapshot files (`__snapshots__` folders, `*.snap.yaml`) for the request files
/// they belong to. A file named on the command line always runs; `-` is standard input.
enum InputFiles {
    /// How deep a directory search goes.
    static let maxDepth = 32

    static func expand(_ paths: [String], globs: [String] = []) throws -> [String] {
        var files: [String] = []
        for path in paths {
            if path == "-" {
                guard !files.contains("-") else { throw ValidationError("'-' (standard input) can be given only once") }
                files.append(path)
            } else if FileSystem.isDirectory(path) {
                let directory = path.hasSuffix("/") ? String(path.dropLast()) : path
                files += search(directory).filter { isYAML($0) && !isSnapshot($0) && FileKind.of(path: $0) == .requests }
            } else if FileSystem.exists(path) {
                files.append(path)
            } else {
                throw ValidationError("no such file or directory: \(path)")
            }
        }
        for text in globs {
            let pattern = GlobPattern(text)
            let root = pattern.root
            guard FileSystem.isDirectory(root) else { throw ValidationError("--glob '\(text)' matches no file: there is no folder '\(root)'") }
            let matched = search(root == "." ? "" : root).filter(pattern.matches)
            guard !matched.isEmpty else { throw ValidationError("--glob '\(text)' matches no file") }
            files += matched.filter { !isSnapshot($0) && FileKind.of(path: $0) == .requests }
        }
        var seen = Set<String>()
        files = files.filter { seen.insert(FileSystem.canonicalPath($0)).inserted }
        if files.isEmpty {
            let searched = paths + globs.map { "--glob '\($0)'" }
            throw ValidationError("no request files found in \(searched.joined(separator: ", ")) (flows, OpenAPI specs, mock routes and data files are not run on their own)")
        }
        return files
    }

    private static func isYAML(_ path: String) -> Bool {
        path.hasSuffix(".yaml") || path.hasSuffix(".yml")
    }

    /// A snapshot file (`SnapshotFile`): it is read by the run of its request file, never run.
    private static func isSnapshot(_ path: String) -> Bool {
        path.hasSuffix(".snap.yaml") || path.hasSuffix(".snap.yml") || path.split(separator: "/").contains(snapshotFolder)
    }

    private static let snapshotFolder: Substring = "__snapshots__"

    /// Every file under `directory` (`""` for the working directory), sorted by path, hidden
    /// names and snapshot folders left out; a folder reached twice through links is searched once.
    static func search(_ directory: String) -> [String] {
        var found: [String] = []
        var visited = Set<String>()
        func walk(_ folder: String, depth: Int) {
            guard depth <= maxDepth, visited.insert(FileSystem.canonicalPath(folder.isEmpty ? "." : folder)).inserted,
                  let names = try? FileSystem.contents(ofDirectory: folder.isEmpty ? "." : folder)
            else { return }
            for name in names where !name.hasPrefix(".") && name != snapshotFolder {
                let path = folder.isEmpty ? name : folder + "/" + name
                if FileSystem.isDirectory(path) {
                    walk(path, depth: depth + 1)
                } else {
                    found.append(path)
                }
            }
        }
        walk(directory, depth: 0)
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
