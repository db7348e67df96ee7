import RestRun
import Synchronization

/// A fake `Networking` injected in place of the real networker: canned data, and a record of calls.
final class FakeNetworking: Networking {
    let body: String
    let status: Int
    let calls = Mutex<[String]>([])

    init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }

    func send(_ request: PreparedRequest) async throws -> Response {
        calls.withLock { $0.append(request.url) }
        return Response(status: status, body: Array(body.utf8), url: request.url)
    }
}
