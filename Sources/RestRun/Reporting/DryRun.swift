/// `--dry-run`: every planned request resolved as far as it can be without responses (captures
/// stay as `{{name}}`), its headers merged as the networker would, and written as a `curl` command.
/// Nothing is sent.
package struct DryRun: Sendable {
    /// Resolves templates and options as a real run would.
    package var runner: Runner
    /// Delegates whose headers are merged in.
    package var delegates: [any NetworkingDelegate]

    /// Creates a dry run.
    package init(runner: Runner, delegates: [any NetworkingDelegate] = []) {
        self.runner = runner
        self.delegates = delegates
    }

    /// A request as the dry run shows it.
    package struct DryRunItem: Sendable {
        /// The request's name.
        package var name: String
        /// Where it was declared.
        package var location: SourceLocation?
        /// The curl command, or `nil` when the request could not be prepared.
        package var command: String?
        /// Why it could not be prepared, or why it is skipped.
        package var note: String?
    }

    /// The entries of `file`'s planned requests, in order.
    package func entries(for file: PlannedFile) async -> [DryRunItem] {
        var scope = runner.initialScope(for: file.file)
        scope.keepsUnresolvedPlaceholders = true
        var entries: [DryRunItem] = []
        for step in file.steps { await add(step, of: file, scope: scope, to: &entries) }
        return entries
    }

    /// The entries of one step: a request's, or a flow's requests named as a run names them.
    /// Conditions, loops and repeats are not evaluated: each request is shown once.
    private func add(_ step: PlanStep, of file: PlannedFile, scope: Scope, to entries: inout [DryRunItem]) async {
        switch step {
        case let .when(_, inner), let .forEach(_, inner), let .repeated(_, inner), let .needsCaptures(_, inner):
            await add(inner, of: file, scope: scope, to: &entries)
        case let .flow(flow):
            for var inner in await self.entries(for: flow.file) {
                inner.name = flow.step.name + " › " + inner.name
                entries.append(inner)
            }
        case let .exchange(planned):
            let request = planned.request
            var entry = DryRunItem(name: request.name, location: request.location)
            if let skip = request.options.skip {
                entry.note = "skipped: " + (skip.isEmpty ? "skip: true" : skip)
            }
            do {
                var prepared = try runner.prepare(request, of: file.file, scope: scope)
                let headers = try runner.fileHeaders(of: file.file, for: &prepared, scope: scope)
                prepared.fileHeaders = headers
                prepared.wire = runner.wire(of: request, scope: scope)
                let merged = try await HeaderMerge.merge(prepared, delegates: delegates, networking: DryRunNetworking())
                entry.command = merged.wire?.command(for: merged, redactor: runner.redactor)
                    ?? CurlCommand.render(merged, body: request.body, scope: scope, redactor: runner.redactor)
            } catch let error as Diagnostic {
                entry.note = error.description
            } catch {
                entry.note = String(describing: error)
            }
            entries.append(entry)
        }
    }
}

/// The `Networking` handed to delegates during a dry run; it never sends.
struct DryRunNetworking: Networking {
    func send(_ request: PreparedRequest) async throws -> Response {
        throw NetworkError(.other, "a dry run sends nothing")
    }
}
