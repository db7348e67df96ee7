/// What a run does, worked out once from the loaded files before anything is sent
/// (`RunSession.plan`): each file's steps with what they need, the files that cannot run, how
/// many passes run, and the HTTP clients' settings. Executing it only sends and checks.
public struct ExecutionPlan: Sendable {
    /// The files that run, each once, in order; every pass (`--repeat`) runs them all.
    public var files: [PlannedFile]
    /// The files that cannot run (they did not load, or planning found a problem), as results
    /// with their diagnostics.
    public var invalid: [FileResult]
    /// How many times the files run (`--repeat`).
    public var passes: Int
    /// How many unreported passes run first (`--warmup`).
    public var warmups: Int
    /// The HTTP clients the run needs: every connect timeout its requests use, the proxy and
    /// `--resolve`.
    package var clientSettings: ClientSettings

    /// How many requests one pass declares (a `use:` step counts as one).
    public var requestCount: Int { files.reduce(0) { $0 + $1.requestCount } }

    /// The OpenAPI specs the files check responses against, each once, in the files' order.
    package var specs: [OpenAPISpec] {
        var specs: [OpenAPISpec] = []
        for spec in files.compactMap(\.file.contract?.spec) where !specs.contains(where: { $0 === spec }) { specs.append(spec) }
        return specs
    }
}
