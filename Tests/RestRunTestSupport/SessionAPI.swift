package import RestRunMock
import Synchronization

/// A small API whose values are new on every server: `POST /login` gives a token, `POST /notes`
/// (with `Authorization: Bearer TOKEN`) an id, `GET /notes/ID` the note. A client that replays an
/// old token or id gets 401 or 404; one that captures them passes.
package final class SessionAPI: MockResponder {
    private struct State {
        var tokens: Set<String> = []
        var notes: [String: String] = [:]
        var served = 0
    }

    private let state = Mutex(State())
    private let prefix: String

    /// A server whose tokens and ids start with `prefix`, so two servers never share one.
    package init(prefix: String) {
        self.prefix = prefix
    }

    package var requestsServed: Int { state.withLock { $0.served } }
    package var compresses: Bool { false }
    package var summary: String { "the session API" }

    package func reply(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply {
        let authorization = headers.first { $0.0.lowercased() == "authorization" }?.1 ?? ""
        return state.withLock { state in
            state.served += 1
            let number = state.served
            switch (method, uri) {
            case ("POST", "/login"):
                let token = "\(prefix)-token-\(number)"
                state.tokens.insert(token)
                return Self.json(200, #"{"token":"\#(token)","user":"alice"}"#)
            case ("POST", "/notes"):
                guard state.tokens.contains(String(authorization.dropFirst("Bearer ".count))) else { return Self.json(401, #"{"error":"login"}"#) }
                let id = "\(prefix)-note-\(number)"
                state.notes[id] = String(decoding: body, as: UTF8.self)
                return Self.json(201, #"{"id":"\#(id)"}"#)
            case ("GET", _) where uri.hasPrefix("/notes/"):
                guard state.tokens.contains(String(authorization.dropFirst("Bearer ".count))) else { return Self.json(401, #"{"error":"login"}"#) }
                guard let note = state.notes[String(uri.dropFirst("/notes/".count))] else { return Self.json(404, #"{"error":"no note"}"#) }
                return Self.json(200, note)
            default:
                return Self.json(404, #"{"error":"no route"}"#)
            }
        }
    }

    private static func json(_ status: Int, _ text: String) -> MockRouter.Reply {
        MockRouter.Reply(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8), delay: nil, events: nil)
    }
}
