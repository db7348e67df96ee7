/// `--dry-run`: every selected request resolved as far as it can be without responses (captures
/// stay as `{{name}}`), its headers merged as the networker would, and written as a `curl` command.
/// Nothing is sent.
package struct DryRun: Sendable {
    /// Resolves templates and options as a real run would.
    package var runner: Runner
    /// Delegates whose headers are merged in (file headers are added per file).
    package var delegates: [any NetworkingDelegate]

    /// Creates a dry run.
    package init(runner: Runner, delegates: [any NetworkingDelegate] = []) {
        self.runner = runner
        self.delegates = delegates
    }

    /// A request as the dry run shows it.
    package struct Entry: Sendable {
        /// The request's name.
        package var name: String
        /// Where it was declared.
        package var location: SourceLocation?
        /// The curl command, or `nil` when the request could not be prepared.
        package var command: String?
        /// Why it could not be prepared, or why it is skipped.
        package var note: String?
    }

    /// The entries of `file`'s selected requests, in order.
    package func entries(for file: RequestFile) async -> [Entry] {
        var scope = runner.initialScope(for: file)
        scope.keepsUnresolvedPlaceholders = true
        let fileDelegates: [any NetworkingDelegate] = [FileHeadersDelegate(headers: file.headers)] + delegates
        var entries: [Entry] = []
        for request in file.requests where runner.filter.selects(request) {
            if let flow = request.flow {
                // A `use:` step shows its flow's requests, named as a run names them.
                for var inner in await self.entries(for: flow.file) {
                    inner.name = request.name + " › " + inner.name
                    entries.append(inner)
                }
                continue
            }
            var entry = Entry(name: request.name, location: request.location)
            if let skip = request.options.skip {
                entry.note = "skipped: " + (skip.isEmpty ? "skip: true" : skip)
            }
            do {
                let prepared = try runner.prepare(request, of: file, scope: scope)
                let merged = try await HeaderMerge.merge(prepared, delegates: fileDelegates, networking: DryRunNetworking())
                entry.command = CurlCommand.render(merged, body: request.body, redactor: runner.redactor)
            } catch let error as Diagnostic {
                entry.note = error.description
            } catch {
                entry.note = String(describing: error)
            }
            entries.append(entry)
        }
        return entries
    }
}

/// The `Networking` handed to delegates during a dry run; it never sends.
struct DryRunNetworking: Networking {
    func send(_ request: PreparedRequest) async throws -> Response {
        throw NetworkError(.other, "a dry run sends nothing")
    }
}
