import FuzzSupport
@testable import RestRun

/// The schema each input is validated against: a small one with every kind of type.
private let schema = try? GraphQLSchemaDocument.read("""
    interface Node { id: ID! }
    type User implements Node { id: ID! name: String friends(first: Int = 10): [User] role: Role }
    enum Role { ADMIN USER }
    union Result = User
    input Filter { name: String, roles: [Role!] }
    type Query { user(id: ID!): User search(filter: Filter): [Result] node(id: ID!): Node }
    type Mutation { rename(id: ID!, name: String!): User }
    """, path: "fuzz.graphql")

/// Each input as a GraphQL document, checked as a request file's query is when it loads (parsed,
/// validated, its variables and operation looked up), and as a schema: never a crash or a hang.
@_cdecl("FuzzGraphQL_main")
public func fuzzGraphQLMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        let text = String(decoding: fuzzInput(data, count), as: UTF8.self)
        _ = GraphQLQueryCheck.problems(text, operationName: nil, variables: ["id"], schema: schema)
        _ = GraphQLQueryCheck.problems(text, operationName: "Q", variables: [], schema: nil)
        _ = try? GraphQLSchemaDocument.read(text, path: "fuzz.graphql")
        return 0
    }
}
