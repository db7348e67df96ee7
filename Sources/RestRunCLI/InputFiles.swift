import ArgumentParser
import RestRun
import RestRunMock

/// Expands the FILE|DIR arguments: a directory stands for its `*.yaml` and `*.yml` files, sorted,
/// except OpenAPI specs (files with a top-level `openapi:`), which request files name.
enum InputFiles {
    static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                let names = try FileSystem.contents(ofDirectory: path).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                let directory = path.hasSuffix("/") ? path : path + "/"
                files += names.map { directory + $0 }.filter { !FileSystem.isDirectory($0) && !MockSource.isOpenAPI($0) }
            } else if FileSystem.exists(path) {
                files.append(path)
            } else {
                throw ValidationError("no such file or directory: \(path)")
            }
        }
        if files.isEmpty { throw ValidationError("no request files found in \(paths.joined(separator: ", "))") }
        return files
    }
}
