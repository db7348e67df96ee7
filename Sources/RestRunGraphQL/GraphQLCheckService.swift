import GraphQL
package import RestRunHelperProtocol

/// What `rest-run-graphql` answers: one `GraphQLHelperAnswer` line for each `GraphQLHelperRequest`
/// line, tagged with the request's id (`HelperEnvelope`). rest-run keeps GraphQLSwift, and the
/// Foundation it brings, out of its own binary, where every conformance record they add would
/// lengthen the runtime's searches in every run, GraphQL or not. Requests are answered one at a
/// time, in order: a cancel line has nothing left to cancel, and gets no answer.
package final class GraphQLCheckService {
    private var schemas: [GraphQLSchema] = []

    package init() {}

    /// The answer to one request line, as one line (no newline); nil for a cancel line.
    package func answer(_ line: some Collection<UInt8>) -> String? {
        var id = HelperEnvelope.id(atStartOf: line)
        let answer: GraphQLHelperAnswer
        do throws(JSONValueReader.SyntaxFailure) {
            let json = try JSONValueReader.parse(line)
            id = id ?? json["id"]?.integer
            if HelperEnvelope.isCancel(json) { return nil }
            if let request = GraphQLHelperRequest(json: json) {
                answer = handle(request)
            } else {
                answer = GraphQLHelperAnswer(error: .init(message: "rest-run-graphql was asked for neither a schema nor a check"))
            }
        } catch {
            answer = GraphQLHelperAnswer(error: .init(message: "rest-run-graphql cannot read its request: \(error.message)"))
        }
        return HelperEnvelope.answerText(id: id, answer.json)
    }

    /// The answer to a line longer than `HelperLimits.requestLine`, whose first bytes are `start`.
    package func refusal(ofLineStarting start: some Collection<UInt8>) -> String {
        let answer = GraphQLHelperAnswer(error: .init(message: "the request is longer than \(HelperLimits.requestLine / 1024 / 1024) MB"))
        return HelperEnvelope.answerText(id: HelperEnvelope.id(atStartOf: start), answer.json)
    }

    private func handle(_ request: GraphQLHelperRequest) -> GraphQLHelperAnswer {
        switch request {
        case .schema(let sdl):
            do throws(GraphQLSchemaBuilder.SchemaProblem) {
                schemas.append(try GraphQLSchemaBuilder.build(sdl))
                return GraphQLHelperAnswer(schema: schemas.count - 1)
            } catch {
                return GraphQLHelperAnswer(error: .init(message: error.message, line: error.line, column: error.column))
            }
        case .check(let check):
            var schema: GraphQLSchema?
            if let index = check.schema {
                guard schemas.indices.contains(index) else {
                    return GraphQLHelperAnswer(error: .init(message: "rest-run-graphql has no schema \(index)"))
                }
                schema = schemas[index]
            }
            let problems = GraphQLQueryCheck.problems(
                check.query, operationName: check.operation, variables: Set(check.variables), schema: schema)
            let operation = problems.isEmpty ? GraphQLQueryCheck.operationName(of: check.query, given: check.operation) : nil
            return GraphQLHelperAnswer(
                problems: problems.map { .init(message: $0.message, line: $0.line, column: $0.column, operations: $0.operations) },
                operation: operation)
        }
    }
}
