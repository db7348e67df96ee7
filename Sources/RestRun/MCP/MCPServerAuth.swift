/// An MCP server's `auth:` that acts while each POST is sent, as a request's does: an OAuth 2.0
/// token (fetched, and fetched again after a 401), a Digest answer (after the challenge), a SigV4
/// signature. Hashable so that a server's address, which holds it, names one session.
package struct MCPServerAuth: Sendable, Hashable {
    package let auth: RequestAuth

    package static func == (left: MCPServerAuth, right: MCPServerAuth) -> Bool { left.auth == right.auth }

    package func hash(into hasher: inout Hasher) { hasher.combine(String(describing: auth)) }
}
