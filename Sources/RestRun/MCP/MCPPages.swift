import OrderedCollections

/// A list an MCP server gives in pages: every page, following `nextCursor`.
enum MCPPages {
    /// The most pages read of one list (a server that always gives a cursor would never end).
    static let pageLimit = 1_000

    /// The items of every page of `method`'s `key`, or why they could not be read.
    static func all(_ session: MCPSession, method: String, key: String, within limit: Duration) async -> Result<[DecodedValue], MCPFailure> {
        switch await pages(session, method: method, key: key, within: limit) {
        case let .success(pages): .success(pages.items)
        case let .failure(problem): .failure(problem)
        }
    }

    /// Every page's items, and every message of the exchange.
    static func pages(_ session: MCPSession, method: String, key: String, within limit: Duration) async -> Result<(items: [DecodedValue], outcome: MCPOutcome), MCPFailure> {
        var items: [DecodedValue] = []
        var cursor: String?
        var whole = MCPOutcome()
        for _ in 0..<pageLimit {
            let params: [(String, DecodedValue)] = cursor.map { [("cursor", .string($0))] } ?? []
            let outcome: MCPOutcome
            switch await session.request(method, params: .init(uniqueKeysWithValues: params), within: limit) {
            case let .success(answer): outcome = answer
            case let .failure(failure): return .failure(failure)
            }
            whole.transcript += outcome.transcript
            whole.notifications += outcome.notifications
            if let error = outcome.error {
                whole.error = error
                return .failure(MCPFailure(.refused, "\(method) answered error \(error.code): \(error.message)"))
            }
            items += outcome.result?.member(key)?.items ?? []
            guard let next = outcome.result?.member("nextCursor")?.stringValue, !next.isEmpty, next != cursor else {
                whole.result = .object(fromPairs: [(key, .array(items))])
                return .success((items, whole))
            }
            cursor = next
        }
        return .failure(MCPFailure(.notJSONRPC, "\(method) gave more than \(pageLimit) pages"))
    }
}
