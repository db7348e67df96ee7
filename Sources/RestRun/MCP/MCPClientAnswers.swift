import OrderedCollections
import Synchronization

/// What rest-run answers when an MCP server asks the client (`mcp_client:`): its roots, a canned
/// sampling result (or a list used in turn) and a canned elicitation answer. The client
/// advertises only the capabilities it has answers for.
package final class MCPClientAnswers: Sendable {
    /// `roots:`: the roots `roots/list` answers.
    let roots: [DecodedValue]?
    /// `sampling:`: the results `sampling/createMessage` answers, in turn.
    let sampling: [DecodedValue]
    /// `elicitation:`: what `elicitation/create` answers.
    let elicitation: DecodedValue?
    private let turn = Mutex(0)

    package init(roots: [DecodedValue]? = nil, sampling: [DecodedValue] = [], elicitation: DecodedValue? = nil) {
        self.roots = roots
        self.sampling = sampling
        self.elicitation = elicitation
    }

    /// The client's capabilities, as `initialize` and the stateless envelope send them.
    var capabilities: DecodedValue {
        var members: [(String, DecodedValue)] = []
        if roots != nil { members.append(("roots", .object(fromPairs: [("listChanged", .bool(false))]))) }
        if !sampling.isEmpty { members.append(("sampling", .object([:]))) }
        if elicitation != nil { members.append(("elicitation", .object([:]))) }
        return .object(fromPairs: members)
    }

    /// The result of a server's request `method`, or nil when the client has none for it.
    func result(for method: String) -> DecodedValue? {
        switch method {
        case "ping": return .object([:])
        case "roots/list": return roots.map { .object(fromPairs: [("roots", .array($0))]) }
        case "sampling/createMessage":
            guard !sampling.isEmpty else { return nil }
            let index = turn.withLock { turn in
                defer { turn += 1 }
                return turn % sampling.count
            }
            return sampling[index]
        case "elicitation/create": return elicitation
        default: return nil
        }
    }
}
