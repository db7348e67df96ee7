import RestRun

/// The articles list, declared in code: only what differs from the `Request` defaults.
public struct ArticlesRequest: DecodableRequest {
    /// Typed output: the articles themselves.
    public typealias Output = [Article]

    /// Where the API lives.
    public var baseURL: String?
    /// The list's path.
    public var url: String { "/api/contents" }
    /// Articles only.
    public var query: [(String, String)] { [("filter[content_types][]", "article")] }
    /// The header the seeds' delegate supplies.
    public var headers: [(String, String)] { [("Content-Type", "application/vnd.api+json; charset=utf-8")] }

    /// A request to the API at `baseURL`.
    public init(baseURL: String) { self.baseURL = baseURL }
}
