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
    /// Why the file could not be loaded (it ran nothing then); empty for a file that ran.
    public var problems: [Diagnostic] = []
    /// What the run did to the file's snapshots, when it has any.
    package var snapshots: SnapshotSummary?

    /// Whether the file could not be loaded.
    public var isInvalid: Bool { !problems.isEmpty }

    /// Creates a file result.
    public init(path: String, name: String, requests: [RequestResult], duration: Duration) {
        self.path = path
        self.name = name
        self.requests = requests
        self.duration = duration
    }

    /// The result of a file that could not be loaded: its diagnostics, no requests.
    public init(invalidFile path: String, problems: [Diagnostic]) {
        self.init(path: path, name: path, requests: [], duration: .zero)
        self.problems = problems
    }
}
