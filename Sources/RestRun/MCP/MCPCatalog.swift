/// What an MCP server offers, listed once a run: its tools (with their input and output schemas
/// compiled) and its prompts (with their arguments). A list the server could not give is kept as
/// why, to be said where a request needs it.
package struct MCPCatalog: Sendable {
    /// A tool and its schemas.
    package struct Tool: Sendable {
        package var name: String
        /// The tool's `inputSchema`, compiled; nil when it has none or it does not compile.
        package var input: JSONSchema?
        /// The tool's `outputSchema`, compiled, when it has one.
        package var output: JSONSchema?
        /// Why a schema of the tool's did not compile.
        package var schemaProblem: String?
        /// The tool as listed.
        package var listed: DecodedValue
    }

    /// A prompt and its arguments.
    package struct Prompt: Sendable {
        package var name: String
        package var required: [String]
        package var arguments: [String]
    }

    package var tools: [String: Tool] = [:]
    package var prompts: [String: Prompt] = [:]
    /// Why the tools could not be listed; nil when they were (or the server has none).
    package var toolsProblem: String?
    /// Why the prompts could not be listed.
    package var promptsProblem: String?
    /// Whether the server offers tools and prompts at all.
    package var hasTools = false
    package var hasPrompts = false

    /// Lists the tools and prompts of `session`'s server, every page.
    package static func list(_ session: MCPSession, within limit: Duration) async -> MCPCatalog {
        var catalog = MCPCatalog()
        let capabilities = session.greeting?.member("capabilities")
        catalog.hasTools = capabilities?.member("tools") != nil
        catalog.hasPrompts = capabilities?.member("prompts") != nil
        if catalog.hasTools {
            switch await MCPPages.all(session, method: "tools/list", key: "tools", within: limit) {
            case let .success(tools):
                for listed in tools {
                    guard let name = listed.member("name")?.stringValue else { continue }
                    catalog.tools[name] = Self.tool(name, listed)
                }
            case let .failure(problem): catalog.toolsProblem = problem.sentence
            }
        }
        if catalog.hasPrompts {
            switch await MCPPages.all(session, method: "prompts/list", key: "prompts", within: limit) {
            case let .success(prompts):
                for listed in prompts {
                    guard let name = listed.member("name")?.stringValue else { continue }
                    let arguments = listed.member("arguments")?.items ?? []
                    catalog.prompts[name] = Prompt(
                        name: name,
                        required: arguments.filter { $0.member("required") == .bool(true) }.compactMap { $0.member("name")?.stringValue },
                        arguments: arguments.compactMap { $0.member("name")?.stringValue })
                }
            case let .failure(problem): catalog.promptsProblem = problem.sentence
            }
        }
        return catalog
    }

    private static func tool(_ name: String, _ listed: DecodedValue) -> Tool {
        var tool = Tool(name: name, listed: listed)
        func compile(_ key: String) -> JSONSchema? {
            guard let schema = listed.member(key) else { return nil }
            let document = SchemaDocument(uri: SchemaURI("mcp-tool:\(name)/\(key)"), value: schema, displayName: "\(name)'s \(key)")
            do throws(DiagnosticList) {
                return try JSONSchema.compile(document)
            } catch {
                tool.schemaProblem = "\(name)'s \(key) does not compile: " + (error.diagnostics.first?.message ?? "")
                return nil
            }
        }
        tool.input = compile("inputSchema")
        tool.output = compile("outputSchema")
        return tool
    }
}
