import ArgumentParser
import RestRun
import RestRunFuzzing

/// `rest-run fuzz`'s choice of operations.
struct FuzzSelectionOptions: ParsableArguments {
    @Option(name: .customLong("operation"), help: ArgumentHelp("Only this operation: an operationId or 'METHOD /path'; repeatable.", valueName: "OPERATION"))
    var operations: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only operations with this tag; repeatable.", valueName: "TAG"))
    var tags: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Leave out this operation (operationId or 'METHOD /path') or tag; repeatable.", valueName: "OPERATION"))
    var excluded: [String] = []

    @Option(name: .customLong("tool"), help: ArgumentHelp("With a request file's mcp_server: only this tool; repeatable.", valueName: "NAME"))
    var tools: [String] = []

    @Option(name: .customLong("shard"), help: ArgumentHelp("Fuzz only the K-th of N equal parts of the operations (1/4), for parallel CI jobs.", valueName: "K/N"))
    var shard: ShardArgument?

    /// The selection these options make.
    var selection: FuzzSelection {
        var selection = FuzzSelection()
        selection.operations = operations
        selection.tags = tags
        selection.excluded = excluded
        selection.shard = shard.map { ($0.index, $0.count) }
        return selection
    }
}
