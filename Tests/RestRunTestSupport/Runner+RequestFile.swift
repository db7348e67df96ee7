public import RestRun

extension Runner {
    /// Plans `file` with `filter` and the built-in decoders, and runs it (a file whose decoders
    /// cannot be registered returns its diagnostics as an invalid file's result).
    public func run(_ file: RequestFile, filter: RequestFilter = RequestFilter(), networking: any Networking) async -> FileResult {
        do {
            return await run(try PlannedFile(planning: file, filter: filter), networking: networking)
        } catch {
            return FileResult(invalidFile: file.path, problems: error.diagnostics)
        }
    }
}

extension DryRun {
    /// The dry run's entries of `file`, planned with the built-in decoders.
    package func entries(for file: RequestFile) async throws -> [DryRunItem] {
        try await entries(for: PlannedFile(planning: file))
    }
}
