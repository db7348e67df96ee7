/// What happened to one request file.
public struct FileResult: Sendable {
    /// The path as given.
    public var path: String
    /// The suite name.
    public var name: String
    /// The requests' results, in file order.
    public var requests: [RequestResult]
    /// How long the file took.
    public var duration: Duration

    /// Creates a file result.
    public init(path: String, name: String, requests: [RequestResult], duration: Duration) {
        self.path = path
        self.name = name
        self.requests = requests
        self.duration = duration
    }
}
