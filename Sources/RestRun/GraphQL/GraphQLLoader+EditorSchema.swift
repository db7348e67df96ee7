import OrderedCollections
extension GraphQLLoader: EditorSchemaWriting {
    /// `graphql:` in the editor schema: what it says, and the shape of its value.
    static var editorSchema: (key: String, description: String, schema: DecodedValue) {
        (key: "graphql", description: "A GraphQL operation {query, variables, operation_name}, sent as a POST JSON body (or as query parameters with method: GET).", schema: editorSchemaValue)
    }

    /// `graphql_schema:` of a file in the editor schema.
    static var fileEditorSchemas: [(key: String, description: String, schema: DecodedValue)] {
        [("graphql_schema", "A GraphQL schema (SDL, or an introspection result in JSON), relative to this file: every graphql: query is validated against it when the file loads.", string(nil))]
    }

    private static var editorSchemaValue: DecodedValue {
        object(
            keys: GraphQLLoader.keys,
            descriptions: [
                "query": "The GraphQL document, or {file: query.graphql} relative to this file.",
                "variables": "The operation's variables; a value that is exactly {{name}} keeps the variable's type.",
                "operation_name": "The operation to run, when the document has several.",
            ],
            types: [
                "query": .object(["anyOf": .array([string(nil), object(
                    keys: GraphQLLoader.queryFileKeys, descriptions: ["file": "A .graphql file, relative to this file."],
                    types: ["file": string(nil)], extra: ["required": .array([.string("file")])])])]),
                "variables": .object(["type": .string("object")]),
                "operation_name": string(nil),
            ],
            extra: ["required": .array([.string("query")])])
    }
}
