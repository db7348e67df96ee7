import RestRun

/// GitHub's zen: a base URL and a path, nothing else.
public struct ZenRequest: Request {
    /// Creates the request.
    public init() {}
    /// GitHub's API.
    public var baseURL: String? { "https://api.github.com" }
    /// The zen path.
    public var url: String { "/zen" }
}
