import Foundation
import GraphQL

/// What `rest-run-graphql` answers, one JSON line for each line it reads: rest-run keeps
/// GraphQLSwift, and the Foundation it brings, out of its own binary, where every conformance
/// record they add would lengthen the runtime's searches in every run, GraphQL or not.
///
/// A request is `{"schema": SDL}`, answered `{"schema": ID}` or `{"error": PROBLEM}`; or
/// `{"check": QUERY, "operation": NAME?, "variables": [NAME], "against": ID?}`, answered
/// `{"problems": [PROBLEM], "operation": NAME?}` (the operation the query runs, when it has no
/// problems and that operation has a name).
package final class GraphQLCheckService {
    /// One request line.
    package struct Question: Decodable {
        /// SDL to build a schema from.
        package var schema: String?
        /// A query to check.
        package var check: String?
        /// The operation to run, when the query names it.
        package var operation: String?
        /// The variables given.
        package var variables: [String]?
        /// The schema (from an earlier answer) to check against.
        package var against: Int?
    }

    /// One answer line.
    package struct Answer: Encodable {
        /// The new schema's number.
        package var schema: Int?
        /// Why the SDL cannot be used.
        package var error: GraphQLSchemaBuilder.SchemaProblem?
        /// The query's problems.
        package var problems: [GraphQLQueryCheck.QueryProblem]?
        /// The operation the query runs.
        package var operation: String?
    }

    private var schemas: [GraphQLSchema] = []
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    package init() {}

    /// The answer to one request line, as one line of JSON (no newline).
    package func answer(_ line: String) -> String {
        let answer: Answer
        do {
            answer = handle(try decoder.decode(Question.self, from: Data(line.utf8)))
        } catch {
            answer = Answer(error: GraphQLSchemaBuilder.SchemaProblem(message: "rest-run-graphql cannot read its request: \(error)"))
        }
        guard let data = try? encoder.encode(answer) else { return #"{"error":{"message":"rest-run-graphql cannot write its answer"}}"# }
        return String(decoding: data, as: UTF8.self)
    }

    private func handle(_ request: Question) -> Answer {
        if let sdl = request.schema {
            do {
                schemas.append(try GraphQLSchemaBuilder.build(sdl))
                return Answer(schema: schemas.count - 1)
            } catch {
                return Answer(error: error)
            }
        }
        guard let query = request.check else {
            return Answer(error: GraphQLSchemaBuilder.SchemaProblem(message: "rest-run-graphql was asked for neither a schema nor a check"))
        }
        var schema: GraphQLSchema?
        if let index = request.against {
            guard schemas.indices.contains(index) else {
                return Answer(error: GraphQLSchemaBuilder.SchemaProblem(message: "rest-run-graphql has no schema \(index)"))
            }
            schema = schemas[index]
        }
        let problems = GraphQLQueryCheck.problems(
            query, operationName: request.operation, variables: Set(request.variables ?? []), schema: schema)
        let operation = problems.isEmpty ? GraphQLQueryCheck.operationName(of: query, given: request.operation) : nil
        return Answer(problems: problems, operation: operation)
    }
}
