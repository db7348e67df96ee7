/// The current token, shared by every request; one fetch at a time.
actor TokenCache {
    private var current: String?

    /// The token, fetched with `fetch` when there is none.
    func token(_ fetch: () async throws -> String) async throws -> String {
        if let current { return current }
        let fresh = try await fetch()
        current = fresh
        return fresh
    }

    /// Forgets the token, so the next request fetches a new one.
    func drop() { current = nil }
}
