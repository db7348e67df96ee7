import ArgumentParser

/// What `run` and `check` read: the request files (FILE|DIR arguments, `-` for standard input,
/// `--glob`) and the variables that override their defaults (`--var`, `--vars-file`, `--secret`).
///
/// One group rather than two: ArgumentParser looks at each group's type through reflection at
/// start-up, and the Swift runtime searches every conformance in the binary four times for a
/// group it has not seen.
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

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable, typed like YAML (3 is a number, \"3\" a string); repeatable.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("vars-file"), help: ArgumentHelp("Read variables from a YAML mapping; repeatable.", valueName: "FILE"), completion: .file(extensions: ["yaml", "yml"]))
    var variableFiles: [String] = []

    @Option(name: .customLong("secret"), help: ArgumentHelp("Set a variable whose value is never printed; repeatable.", valueName: "NAME=VALUE"))
    var secrets: [String] = []

    func validate() throws {
        if paths.isEmpty && globs.isEmpty { throw ValidationError("Missing expected argument '<FILE|DIR> ...' (a request file, a directory, - or --glob PATTERN)") }
        for assignment in variables + secrets { _ = try Self.split(assignment) }
    }

    /// The files to read, in order (`-` stays as is).
    func files() throws -> [String] {
        try InputFiles.expand(paths, globs: globs)
    }
}
