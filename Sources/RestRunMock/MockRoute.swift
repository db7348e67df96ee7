package import RestRun

/// A route of the mock server: a method and a path (exact, or with `:param` segments) and the
/// responses it serves in turn, the last one repeating.
package struct MockRoute: Sendable {
    /// The method it answers; `nil` answers any method.
    package var method: String?
    /// The path as written, such as `/api/contents/:id`.
    package var path: String
    /// The responses, served in turn; the last repeats.
    package var responses: [MockResponse]
    /// Where the route was written.
    package var location: SourceLocation?
    /// What the route does with a WebSocket upgrade, when it accepts one.
    package var websocket: MockWebSocket?

    /// Creates a route.
    package init(method: String? = "GET", path: String, responses: [MockResponse], location: SourceLocation? = nil) {
        self.method = method
        self.path = path
        self.responses = responses
        self.location = location
    }

    /// The path parameters when `requestPath` matches this route's path, else `nil`.
    package func match(_ requestPath: String) -> [String: String]? {
        let pattern = path.split(separator: "/", omittingEmptySubsequences: true)
        let actual = requestPath.split(separator: "/", omittingEmptySubsequences: true)
        guard pattern.count == actual.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, given) in zip(pattern, actual) {
            if expected.hasPrefix(":") {
                parameters[String(expected.dropFirst())] = MockRoute.percentDecoded(String(given))
            } else if expected != given {
                return nil
            }
        }
        return parameters
    }

    /// Form-style decoding: `+` is a space, `%XX` a byte.
    static func percentDecoded(_ text: String) -> String {
        URLBuilder.decode(text.replacing("+", with: " "))
    }
}
