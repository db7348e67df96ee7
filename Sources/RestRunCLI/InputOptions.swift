import ArgumentParser

/// What `run` and `check` read: the request files (FILE|DIR arguments, `-` for standard input,
/// `--glob`) and the variables that override their defaults (`--var`, `--vars-file`, `--secret`).
///
/// One group rather than two: ArgumentParser looks at each group's type through reflection at
/// start-up, and the Swift runtime searches every conformance in the binary four times for a
/// group it has not seen. `run` declares the same options itself, with the help and completions
/// below, and builds this group from them.
struct InputOptions: ParsableArguments {
    /// The FILE|DIR arguments' help.
    static let pathsHelp = ArgumentHelp(
        "Request files, or directories searched with their subfolders; - reads a request file from standard input.",
        valueName: "FILE|DIR")
    /// `--glob`'s help.
    static let globHelp = ArgumentHelp(
        "Also run the request files matching this pattern (* ? [a-z] within a folder, ** across folders); repeatable.", valueName: "PATTERN")
    /// `--var`'s help.
    static let variableHelp = ArgumentHelp("Set a variable, typed like YAML (3 is a number, \"3\" a string); repeatable.", valueName: "NAME=VALUE")
    /// `--vars-file`'s help.
    static let variableFileHelp = ArgumentHelp("Read variables from a YAML mapping; repeatable.", valueName: "FILE")
    /// `--secret`'s help.
    static let secretHelp = ArgumentHelp("Set a variable whose value is never printed; repeatable.", valueName: "NAME=VALUE")
    /// What the shell completes for request files and variable files.
    static let yamlFiles = CompletionKind.file(extensions: ["yaml", "yml"])

    @Argument(help: pathsHelp, completion: yamlFiles)
    var paths: [String] = []

    @Option(name: .customLong("glob"), help: globHelp)
    var globs: [String] = []

    @Option(name: .customLong("var"), help: variableHelp)
    var variables: [String] = []

    @Option(name: .customLong("vars-file"), help: variableFileHelp, completion: yamlFiles)
    var variableFiles: [String] = []

    @Option(name: .customLong("secret"), help: secretHelp)
    var secrets: [String] = []

    init() {}

    /// The options as given to a command that declares them itself (`run`).
    init(paths: [String], globs: [String], variables: [String], variableFiles: [String], secrets: [String]) {
        self.paths = paths
        self.globs = globs
        self.variables = variables
        self.variableFiles = variableFiles
        self.secrets = secrets
    }

    func validate() throws {
        if paths.isEmpty && globs.isEmpty { throw ValidationError("Missing expected argument '<FILE|DIR> ...' (a request file, a directory, - or --glob PATTERN)") }
        for assignment in variables + secrets { _ = try Self.split(assignment) }
    }

    /// The files to read, in order (`-` stays as is).
    func files() throws -> [String] {
        try InputFiles.expand(paths, globs: globs)
    }
}
