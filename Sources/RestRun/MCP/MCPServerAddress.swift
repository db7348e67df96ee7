/// An MCP server as a run reaches it, its templates rendered: a program spoken to over its
/// standard input and output, or a Streamable HTTP endpoint. Runs that name the same address
/// share one server.
package struct MCPServerAddress: Sendable, Hashable {
    /// How the server is reached.
    package enum Transport: Sendable, Hashable {
        /// A program and its arguments, the variables added to its minimal environment, and the
        /// folder it starts in.
        case stdio(command: [String], environment: [String: String], folder: String)
        /// A URL, and the headers every POST to it carries.
        case http(url: String, headers: [MCPHeader])
    }

    /// How the server is reached.
    package var transport: Transport
    /// The protocol revision `protocol:` pins; nil negotiates the newest both sides speak.
    package var pinnedRevision: String?
    /// Whether an HTTPS server's certificate goes unchecked (`insecure: true`).
    package var insecure = false
    /// A file of CA certificates an HTTPS server's certificate is checked against.
    package var caFile: String?
    /// Host names connected to at another address (`--resolve`), the certificate still checked
    /// for the name.
    package var resolve: [String: String] = [:]
    /// `auth:` that acts while sending (OAuth 2.0, Digest, SigV4); bearer and basic are headers.
    package var auth: MCPServerAuth?

    /// What a request of this server shows as its URL: the HTTP URL, or `stdio://` and the command.
    package var shownURL: String {
        switch transport {
        case let .stdio(command, _, _): "stdio://" + command.map(Self.shellWord).joined(separator: " ")
        case let .http(url, _): url
        }
    }

    /// How the server is named in a sentence: `the MCP server python3 notes.py`.
    package var described: String {
        switch transport {
        case let .stdio(command, _, _): "the MCP server `\(command.map(Self.shellWord).joined(separator: " "))`"
        case let .http(url, _): "the MCP server at \(url)"
        }
    }

    /// `word`, quoted for a POSIX shell when it needs to be.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-_./=:,+@%".utf8.contains(byte)
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
