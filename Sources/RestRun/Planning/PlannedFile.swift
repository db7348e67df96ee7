/// A request file as it will run: its steps, and the decoders its `decode:` can name.
public struct PlannedFile: Sendable {
    /// The loaded file: its path, name, variables, headers and contract.
    public var file: RequestFile
    /// The run's decoders with the external decoders the file declares.
    package var registry: DecoderRegistry
    /// What runs, in order.
    package var steps: [PlanStep]

    /// How many requests the file declares (a `use:` step counts as one).
    package var requestCount: Int { file.steps.count }
}

extension PlannedFile {
    /// `file` planned on its own, as a run with these settings plans it.
    package init(
        planning file: RequestFile, registry: DecoderRegistry = .builtIn, filter: RequestFilter = RequestFilter(), keepsAllBodies: Bool = false
    ) throws(DiagnosticList) {
        self = try Planner(registry: registry, filter: filter, keepsAllBodies: keepsAllBodies).file(file, filtered: true)
    }
}
