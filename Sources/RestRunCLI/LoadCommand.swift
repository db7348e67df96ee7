import ArgumentParser

/// `rest-run load`: the files' requests as iterations under a load profile, or `load merge`.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Run request files as load: iterations at a rate (open model) or in loops (closed model), with thresholds.",
        subcommands: [LoadRunCommand.self, LoadMergeCommand.self],
        defaultSubcommand: LoadRunCommand.self)
}
