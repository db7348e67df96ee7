import ArgumentParser

/// The request files a command reads: FILE|DIR arguments, `-` for standard input, and `--glob`.
struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Request files, or directories searched with their subfolders; - reads a request file from standard input.",
            valueName: "FILE|DIR"),
        completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String] = []

    @Option(
        name: .customLong("glob"),
        help: ArgumentHelp("Also run the request files matching this pattern (* ? [a-z] within a folder, ** across folders); repeatable.", valueName: "PATTERN"))
    var globs: [String] = []

    func validate() throws {
        if paths.isEmpty && globs.isEmpty { throw ValidationError("Missing expected argument '<FILE|DIR> ...' (a request file, a directory, - or --glob PATTERN)") }
    }

    /// The files to read, in order (`-` stays as is).
    func files() throws -> [String] {
        try InputFiles.expand(paths, globs: globs)
    }
}
