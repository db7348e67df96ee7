import RestRunYAML

extension GraphQLLoader {
    /// The largest schema file read.
    static let schemaLimit = 16 * 1024 * 1024

    /// `graphql_schema: schema.graphql` (SDL) or an introspection result in JSON, relative to the
    /// file that names it.
    static func schema(_ node: Node, context: LoadContext) -> GraphQLSchemaDocument? {
        guard let written = context.string(node, "'graphql_schema'") else { return nil }
        if let scheme = SchemaURI(written).scheme, scheme.count > 1 {
            context.error("schemas are read from files: rest-run never fetches '\(written)'; save it and name its path", at: node)
            return nil
        }
        let path = FileSystem.path(written, relativeTo: context.source.path)
        let text: String
        do {
            text = try FileSystem.readText(path, limit: schemaLimit)
        } catch {
            context.error("graphql_schema '\(written)': \(error.message)", at: node)
            return nil
        }
        do {
            return try GraphQLSchemaDocument.read(text, path: path)
        } catch {
            if let line = error.line {
                let location = SourceText(path: path, text: text).location(Mark(line: line, column: error.column ?? 1))
                let named = context.location(node)
                context.append([Diagnostic("graphql_schema: \(error.message)", at: location,
                    notes: ["named by \(named.file):\(named.line):\(named.column)"])])
            } else {
                context.error("graphql_schema '\(written)' cannot be used: \(error.message)", at: node)
            }
            return nil
        }
    }
}
