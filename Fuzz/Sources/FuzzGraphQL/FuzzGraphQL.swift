import FuzzSupport
@testable import RestRun
@testable import RestRunGraphQL

/// The schema each input is validated against: a small one with every kind of type.
private let schema = try? GraphQLSchemaBuilder.build("""
    interface Node { id: ID! }
    type User implements Node { id: ID! name: String friends(first: Int = 10): [User] role: Role }
    enum Role { ADMIN USER }
    union Result = User
    input Filter { name: String, roles: [Role!] }
    type Query { user(id: ID!): User search(filter: Filter): [Result] node(id: ID!): Node }
    type Mutation { rename(id: ID!, name: String!): User }
    """)

/// Each input as a GraphQL document, checked as `rest-run-graphql` checks a request file's query
/// (parsed, validated, its variables and operation looked up), as a schema (SDL, or an
/// introspection result), and as a request line to the helper: never a crash or a hang.
@_cdecl("FuzzGraphQL_main")
public func fuzzGraphQLMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        let text = String(decoding: fuzzInput(data, count), as: UTF8.self)
        _ = GraphQLQueryCheck.problems(text, operationName: nil, variables: ["id"], schema: schema)
        _ = GraphQLQueryCheck.problems(text, operationName: "Q", variables: [], schema: nil)
        _ = try? GraphQLSchemaBuilder.build(text)
        _ = GraphQLCheckService().answer(fuzzInput(data, count))
        // An introspection result, as rest-run turns it into SDL before the helper reads it.
        if let json = try? JSONParser.parse(Array(text.utf8)), let sdl = try? IntrospectionSDL.sdl(from: json) {
            _ = try? GraphQLSchemaBuilder.build(sdl)
        }
        return 0
    }
}
