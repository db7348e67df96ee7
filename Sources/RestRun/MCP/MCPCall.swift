/// A request's `mcp:`: what it asks the file's MCP server, and what it expects of the answer
/// beyond the body (`mcp_error:`, `rpc_error:`, `notifications:`).
package struct MCPCall: Sendable {
    /// What the request asks.
    package enum Question: Sendable {
        /// `tool:`: tools/call.
        case tool(String)
        /// `list:`: every page of tools, resources, resource templates or prompts.
        case list(MCPListKind)
        /// `resource:`: resources/read of a URI.
        case resource(Template)
        /// `prompt:`: prompts/get.
        case prompt(String)
        /// `method:`: any other request.
        case method(String)
        /// `initialize:`: what the server said of itself when the run started.
        case initialize
    }

    package var operation: Question
    /// `arguments:` (a tool's or a prompt's) or `params:` (a raw request's).
    package var arguments: ValueTemplate?
    /// `validate: false` sends arguments unchecked.
    package var validates = true
    /// The server, and how the run reaches it.
    package var server: MCPServerContext
    /// The tool's schemas, when the server lists the tool.
    package var tool: MCPCatalog.Tool?
    /// The prompt's arguments, when the server lists the prompt.
    package var prompt: MCPCatalog.Prompt?
    /// Whether the arguments are all written out (checked when the file loaded).
    package var argumentsChecked = false
    /// `mcp_error:`: whether the tool is expected to report an error (default no).
    package var expectsToolError = false
    package var toolErrorLocation: SourceLocation?
    /// `rpc_error:`: the JSON-RPC error expected.
    package var expectedError: MCPExpectedError?
    /// `notifications:`: JSONPath checks over the notifications that arrived.
    package var notificationChecks: [(path: JSONPath, predicate: Predicate, location: SourceLocation)] = []
    /// Where `mcp:` was written.
    package var location: SourceLocation

    /// The JSON-RPC method the request sends.
    package var method: String {
        switch operation {
        case .tool: "tools/call"
        case let .list(kind): kind.method
        case .resource: "resources/read"
        case .prompt: "prompts/get"
        case let .method(name): name
        case .initialize: "initialize"
        }
    }

    /// How an unnamed request is named: `tools/call add_note`, `resources/read notes://1`.
    package var shownName: String {
        switch operation {
        case let .tool(name), let .prompt(name): "\(method) \(name)"
        case let .resource(uri): "\(method) \(uri.description)"
        default: method
        }
    }

    /// Every template the call reads.
    func forEachTemplate(_ visit: (Template) -> Void) {
        arguments?.forEachTemplate(visit)
        if case let .resource(uri) = operation { visit(uri) }
        expectedError?.message?.forEachTemplate(visit)
        for check in notificationChecks { check.predicate.forEachTemplate(visit) }
    }
}
