import RestRunYAML

/// The file-level settings of the kinds of exchange (`graphql_schema:`, `proto:`, `import_paths:`,
/// `protoset:`): the one place the file settings name them. A kind with settings of its own
/// adds its keys, its reader and its merge here, and what its requests are checked against to
/// `KindSchemas`.
struct KindFileSettings {
    var graphqlSchema: GraphQLSchemaDocument?
    var grpcSchema = GRPCSchemaSetting()
    var mcpServer = MCPServerSetting()

    /// The kinds' file keys.
    static let keys = ["graphql_schema"] + GRPCLoader.fileKeys + ["mcp_server", "mcp_client"]

    /// Reads `key` when it is a kind's.
    mutating func read(_ key: String, _ node: Node, context: LoadContext) {
        switch key {
        case "graphql_schema": graphqlSchema = GraphQLLoader.schema(node, context: context)
        case "proto", "import_paths", "protoset": grpcSchema.read(key, node, context: context)
        case "mcp_server": mcpServer.readServer(node, context: context)
        case "mcp_client": mcpServer.readClient(node, context: context)
        default: break
        }
    }

    /// These settings over `base`'s (an included file's): each kind's own wins.
    func merged(over base: KindFileSettings) -> KindFileSettings {
        var result = base
        if let graphqlSchema { result.graphqlSchema = graphqlSchema }
        result.grpcSchema = grpcSchema.merged(over: base.grpcSchema)
        result.mcpServer = mcpServer.merged(over: base.mcpServer)
        return result
    }

    /// The kinds' file keys in the editor schema.
    private static var editorSchemas: [(key: String, description: String, schema: DecodedValue)] {
        GraphQLLoader.fileEditorSchemas + GRPCLoader.fileEditorSchemas + MCPLoader.fileEditorSchemas
    }

    /// What each kind's file key says, in the editor schema.
    static var editorDescriptions: [String: String] {
        Dictionary(editorSchemas.map { ($0.key, $0.description) }, uniquingKeysWith: { first, _ in first })
    }

    /// The shape of each kind's file key's value, in the editor schema.
    static var editorTypes: [String: DecodedValue] {
        Dictionary(editorSchemas.map { ($0.key, $0.schema) }, uniquingKeysWith: { first, _ in first })
    }

    /// What the file's requests of each kind are checked against when they load, read within
    /// `limit` (the file's shortest timeout) at most (an MCP server, started once a run, within
    /// its own limit); `scope` gives the values of the variables a
    /// setting's templates read (the file's, `--var`'s), `environment` what a server inherits.
    /// `reaching` is how the run reaches servers: its TLS options and `--resolve`.
    func schemas(
        context: LoadContext, within limit: Duration?, scope: () -> Scope, environment: [String: String],
        reaching: (transport: TransportOptions, resolve: [String: String])
    ) -> KindSchemas {
        KindSchemas(
            graphql: graphqlSchema, grpc: grpcSchema.schema(context: context, within: min(limit ?? GRPCHelper.loadLimit, GRPCHelper.loadLimit)),
            mcp: mcpServer.server(context: context, scope: scope, environment: environment, reaching: reaching, within: MCPServers.startLimit))
    }
}

/// What a file's requests of each kind are checked against when they load.
struct KindSchemas {
    /// The file's `graphql_schema`, that `graphql:` queries are validated against.
    var graphql: GraphQLSchemaDocument?
    /// The file's `proto:` or `protoset:`, that `grpc:` calls are checked against.
    var grpc: GRPCSchema?
    /// The file's `mcp_server:`, started, and what it listed.
    var mcp: MCPServerContext?
}
