import OrderedCollections
package import RestRun

/// A mock route's `graphql:`: answers GraphQL requests (a POST JSON body, or GET parameters) by
/// operation name, after validating each query against the route's schema when it has one, as a
/// GraphQL server would (problems are answered as `errors` with their line and column).
package struct MockGraphQL: Sendable {
    /// The schema queries are validated against.
    package var schema: GraphQLSchemaDocument?
    /// The whole JSON answer for each operation name.
    package var operations: [String: DecodedValue]

    /// The answer to one request.
    func answer(method: String, uri: String, body: [UInt8]) -> DecodedValue {
        var query: String?
        var operationName: String?
        var variables: Set<String> = []
        if method == "GET" {
            let rawQuery = uri.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
            for pair in rawQuery.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { URLBuilder.decode(String($0).replacing("+", with: " ")) }
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "query": query = parts[1]
                case "operationName": operationName = parts[1]
                case "variables":
                    if case let .object(members)? = try? JSONParser.parse(Array(parts[1].utf8)) { variables = Set(members.keys) }
                default: break
                }
            }
        } else if case let .object(members)? = try? JSONParser.parse(body) {
            query = members["query"]?.stringValue
            operationName = members["operationName"]?.stringValue
            if case let .object(given)? = members["variables"] { variables = Set(given.keys) }
        }
        guard let query else { return Self.errors([(message: "the request has no GraphQL query", line: nil, column: nil)]) }
        let outcome = GraphQLChecker.check(query, operationName: operationName, variables: variables, schema: schema)
        guard outcome.problems.isEmpty else { return Self.errors(outcome.problems.map { ($0.message, $0.line, $0.column) }) }
        guard let name = outcome.operation else {
            return Self.errors([("the mock answers named operations only: give the operation a name", nil, nil)])
        }
        guard let answer = operations[name] else {
            return Self.errors([("the mock has no answer for the operation '\(name)'", nil, nil)])
        }
        return answer
    }

    private static func errors(_ list: [(message: String, line: Int?, column: Int?)]) -> DecodedValue {
        .object(["errors": .array(list.map { error in
            var fields: [(String, DecodedValue)] = [("message", .string(error.message))]
            if let line = error.line, let column = error.column {
                fields.append(("locations", .array([.object(fromPairs: [("line", .integer(line)), ("column", .integer(column))])])))
            }
            return .object(fromPairs: fields)
        })])
    }
}
