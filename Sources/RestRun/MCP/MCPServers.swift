import Synchronization

/// The MCP servers of a run, one session per distinct address, started the first time a file
/// needs one (while it loads, to read its tools) and ended when rest-run ends.
package enum MCPServers {
    private final class ServerEntry: Sendable {
        let session: MCPSession
        let started: Task<MCPFailure?, Never>
        let catalog = Mutex<Task<MCPCatalog, Never>?>(nil)

        init(session: MCPSession, started: Task<MCPFailure?, Never>) {
            self.session = session
            self.started = started
        }
    }

    private static let entries = Mutex<[MCPServerAddress: ServerEntry]>([:])

    /// How long starting a server and agreeing on a revision may take.
    package static let startLimit: Duration = .seconds(30)

    private static func entry(_ address: MCPServerAddress, answers: MCPClientAnswers, environment: [String: String], within limit: Duration) -> ServerEntry {
        entries.withLock { entries in
            if let entry = entries[address] { return entry }
            let session = MCPSession(address: address, answers: answers)
            let started = Task<MCPFailure?, Never> {
                do throws(MCPFailure) {
                    try await session.start(environment: environment, within: limit)
                    return nil
                } catch {
                    return error
                }
            }
            let entry = ServerEntry(session: session, started: started)
            entries[address] = entry
            return entry
        }
    }

    /// The session with the server at `address`, started (once a run) if it is not.
    package static func session(
        _ address: MCPServerAddress, answers: MCPClientAnswers, environment: [String: String], within limit: Duration = startLimit
    ) async throws(MCPFailure) -> MCPSession {
        let entry = entry(address, answers: answers, environment: environment, within: limit)
        if let failure = await entry.started.value { throw failure }
        return entry.session
    }

    /// The server's tools and prompts, listed once a run.
    package static func catalog(
        _ address: MCPServerAddress, answers: MCPClientAnswers, environment: [String: String], within limit: Duration = startLimit
    ) async -> Result<MCPCatalog, MCPFailure> {
        let entry = entry(address, answers: answers, environment: environment, within: limit)
        if let failure = await entry.started.value { return .failure(failure) }
        let task = entry.catalog.withLock { catalog in
            if let catalog { return catalog }
            let session = entry.session
            let task = Task { await MCPCatalog.list(session, within: limit) }
            catalog = task
            return task
        }
        return .success(await task.value)
    }

    /// `catalog(_:answers:environment:within:)`, waited for by a thread that may block (the loader's).
    static func catalogBlocking(
        _ address: MCPServerAddress, answers: MCPClientAnswers, environment: [String: String], within limit: Duration
    ) -> Result<MCPCatalog, MCPFailure> {
        MCPBlockingWait.run(within: limit + .seconds(1)) {
            await catalog(address, answers: answers, environment: environment, within: limit)
        } ?? .failure(MCPFailure(.timeout, "\(address.described) did not start within \(DurationText.format(limit))"))
    }

    /// Ends every server of the run: each sees its input close (or its HTTP session deleted) and
    /// is waited for, then signalled.
    package static func endAll() {
        let all = entries.withLock { entries in
            defer { entries = [:] }
            return Array(entries.values)
        }
        for entry in all { entry.session.end() }
    }
}
