import RestRun

/// One tool of `rest-run mcp`: its name, description, input and output schemas, and what it does.
struct MCPTool: Sendable {
    let name: String
    let description: String
    let input: DecodedValue
    let output: DecodedValue
    let run: @Sendable (DecodedValue, MCPToolContext) async -> Result<DecodedValue, MCPToolFailure>
    private let inputSchema: JSONSchema?

    init(
        name: String, description: String, input: DecodedValue, output: DecodedValue,
        run: @escaping @Sendable (DecodedValue, MCPToolContext) async -> Result<DecodedValue, MCPToolFailure>
    ) {
        self.name = name
        self.description = description
        self.input = input
        self.output = output
        self.run = run
        inputSchema = try? JSONSchema.compile(SchemaDocument(uri: SchemaURI("rest-run-mcp:\(name)"), value: input))
    }

    /// The tool as `tools/list` gives it.
    var listed: DecodedValue {
        .object(fromPairs: [("name", .string(name)), ("description", .string(description)), ("inputSchema", input), ("outputSchema", output)])
    }

    /// Why `arguments` do not match the input schema, or nil when they do.
    func problem(with arguments: DecodedValue) -> String? {
        inputSchema?.failures(arguments).first.map { "\($0.instancePath): \($0.keyword): \($0.message)" }
    }
}
