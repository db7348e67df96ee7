import RestRunYAML

/// The file-level settings of the kinds of exchange (`graphql_schema:`, `proto:`, `import_paths:`,
/// `protoset:`): the one place the file settings name them. A kind with settings of its own
/// adds its keys, its reader and its merge here, and what its requests are checked against to
/// `KindSchemas`.
struct KindFileSettings {
    var graphqlSchema: GraphQLSchemaDocument?
    var grpcSchema = GRPCSchemaSetting()

    /// The kinds' file keys.
    static let keys = ["graphql_schema"] + GRPCLoader.fileKeys

    /// Reads `key` when it is a kind's.
    mutating func read(_ key: String, _ node: Node, context: LoadContext) {
        switch key {
        case "graphql_schema": graphqlSchema = GraphQLLoader.schema(node, context: context)
        case "proto", "import_paths", "protoset": grpcSchema.read(key, node, context: context)
        default: break
        }
    }

    /// These settings over `base`'s (an included file's): each kind's own wins.
    func merged(over base: KindFileSettings) -> KindFileSettings {
        var result = base
        if let graphqlSchema { result.graphqlSchema = graphqlSchema }
        result.grpcSchema = grpcSchema.merged(over: base.grpcSchema)
        return result
    }

    /// The kinds' file keys in the editor schema.
    private static var editorSchemas: [(key: String, description: String, schema: DecodedValue)] {
        GraphQLLoader.fileEditorSchemas + GRPCLoader.fileEditorSchemas
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
    /// `limit` (the file's shortest timeout) at most.
    func schemas(context: LoadContext, within limit: Duration?) -> KindSchemas {
        KindSchemas(graphql: graphqlSchema, grpc: grpcSchema.schema(context: context, within: min(limit ?? GRPCHelper.loadLimit, GRPCHelper.loadLimit)))
    }
}

/// What a file's requests of each kind are checked against when they load.
struct KindSchemas {
    /// The file's `graphql_schema`, that `graphql:` queries are validated against.
    var graphql: GraphQLSchemaDocument?
    /// The file's `proto:` or `protoset:`, that `grpc:` calls are checked against.
    var grpc: GRPCSchema?
}
