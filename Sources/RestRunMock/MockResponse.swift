package import RestRun

/// One canned response of a mock route.
package struct MockResponse: Sendable {
    /// What the body is made of.
    package enum MockBody: Sendable {
        /// No body.
        case empty
        /// Bytes read from a `file:` when the routes were loaded.
        case bytes([UInt8])
        /// A `json:` value; `{{param}}` in its strings is replaced by path parameters.
        case json(DecodedValue)
        /// A `text:` string; `{{param}}` is replaced by path parameters.
        case text(String)
        /// `echo: true`: the request itself as JSON (method, path, query, headers, body).
        case echo
        /// `events:`: a `text/event-stream`, each event sent after its delay, then the end.
        case events([MockEvent])
        /// `graphql:`: answers by operation name, queries validated against a schema.
        case graphql(MockGraphQL)
    }

    /// The status code.
    package var status: Int
    /// Headers sent with the response.
    package var headers: [(String, String)]
    /// The body.
    package var body: MockBody
    /// How long to wait before answering.
    package var delay: Duration?

    /// Creates a response.
    package init(status: Int = 200, headers: [(String, String)] = [], body: MockBody = .empty, delay: Duration? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }
}
