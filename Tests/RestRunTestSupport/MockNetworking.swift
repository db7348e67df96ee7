public import RestRun
import Synchronization

/// A `Networking` that answers from canned responses and records what it was asked, so the runner
/// and other callers can be tested without sockets.
public final class MockNetworking: Networking {
    private let state: Mutex<(responses: [String: [Result<Response, NetworkError>]], sent: [PreparedRequest])>

    /// Creates a fake answering `responses` by URL; several responses for one URL are served in turn,
    /// the last one repeating.
    public init(_ responses: [String: [Result<Response, NetworkError>]] = [:]) {
        state = Mutex((responses, []))
    }

    /// Every request sent so far, in order.
    public var sent: [PreparedRequest] { state.withLock { $0.sent } }

    /// Answers from the canned responses; an unknown URL is a 404.
    public func send(_ request: PreparedRequest) async throws -> Response {
        let result: Result<Response, NetworkError> = state.withLock { state in
            state.sent.append(request)
            guard var queue = state.responses[request.url], !queue.isEmpty else {
                return .success(Response(status: 404, url: request.url))
            }
            let first = queue[0]
            if queue.count > 1 { queue.removeFirst() }
            state.responses[request.url] = queue
            return first
        }
        return try result.get()
    }
}

extension Response {
    /// A JSON response for tests.
    public static func json(_ text: String, status: Int = 200, headers: Headers = ["Content-Type": "application/json"]) -> Response {
        Response(status: status, headers: headers, body: Array(text.utf8))
    }
}
