package import RestRunMock
import Synchronization

/// A server that answers every request with 200 and keeps what it received, for comparing what
/// two clients send.
package final class RecordingServer: MockResponder {
    /// One request as it arrived.
    package struct Received: Sendable, Equatable {
        package var method: String
        package var target: String
        package var headers: [(String, String)]
        package var body: [UInt8]

        package static func == (left: Received, right: Received) -> Bool {
            left.method == right.method && left.target == right.target && left.body == right.body
                && left.headers.map { "\($0.0.lowercased()): \($0.1)" } == right.headers.map { "\($0.0.lowercased()): \($0.1)" }
        }
    }

    private let received = Mutex<[Received]>([])

    package init() {}

    /// Everything received so far, and forgets it.
    package func take() -> [Received] {
        received.withLock { list in
            defer { list = [] }
            return list
        }
    }

    package var requestsServed: Int { received.withLock { $0.count } }
    package var compresses: Bool { false }
    package var summary: String { "the recording server" }

    package func reply(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply {
        received.withLock { $0.append(Received(method: method, target: uri, headers: headers, body: body)) }
        return MockRouter.Reply(status: 200, headers: [("Content-Type", "text/plain")], body: Array("ok".utf8), delay: nil, events: nil)
    }
}
