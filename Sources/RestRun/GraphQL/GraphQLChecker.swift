import OrderedCollections
import RestRunHelperProtocol
import Synchronization

/// The GraphQL checks a file's queries get when it loads, and the mock's checks of the queries it
/// is sent, answered by `rest-run-graphql` (GraphQLSwift/GraphQL in a process of its own, started
/// the first time a file or a mock route uses GraphQL). GraphQLSwift brings the whole of
/// Foundation, whose conformance records would lengthen the runtime's searches in every run of
/// rest-run, GraphQL or not; a crash inside it now ends the helper, not the run.
package enum GraphQLChecker {
    /// The helper, found beside rest-run, in its `../lib/rest-run`, or where `REST_RUN_GRAPHQL`
    /// says.
    static let helper = HelperChannel(name: "rest-run-graphql", pathVariable: "REST_RUN_GRAPHQL", cancels: false)

    /// How long one schema's build or one query's check may take: the helper answers in
    /// milliseconds, and one that takes this long is restarted. A request's shorter timeout bounds
    /// its own query's check.
    static let limit: Duration = .seconds(10)

    /// Whether the helper can be found: a mock's routes file checks its GraphQL schemas when it
    /// loads if so, and at the first GraphQL request otherwise, so that a run without GraphQL
    /// (`swift run rest-run` builds no helper) never needs it.
    package static var helperIsInstalled: Bool { helper.isInstalled }

    /// One problem at a line and column of a query.
    package struct QueryError: Sendable, Equatable {
        /// One sentence.
        package var message: String
        /// The 1-based line and column in the query text.
        package var line: Int, column: Int
    }

    /// What a query's check found.
    package struct Checked: Sendable {
        /// Its problems, in the query's order.
        package var problems: [QueryError]
        /// The operation it runs, when it has no problems and that operation has a name.
        package var operation: String?
    }

    /// Builds `document`'s schema in the helper, or says why it cannot be used.
    static func register(_ document: GraphQLSchemaDocument) throws(GraphQLSchemaDocument.SDLError) {
        let problem: GraphQLSchemaDocument.SDLError?
        do {
            problem = try registration(of: document)
        } catch {
            throw GraphQLSchemaDocument.SDLError(message: "it cannot be checked: \(error.message)")
        }
        if let problem { throw problem }
    }

    /// Checks `query`: it must parse, name an operation that exists (`operationName`, or its only
    /// one), pass the specification's validation rules against `schema`, and be given every
    /// required variable (`variables` names those given; a template counts). Blocks its thread (a
    /// loader's or the mock's pool's) for at most `limit`.
    package static func check(
        _ query: String, operationName: String?, variables: Set<String>, schema: GraphQLSchemaDocument?, within checkLimit: Duration = limit
    ) -> Checked {
        var check = GraphQLHelperRequest.Check(query: query, operation: operationName, variables: variables.sorted())
        let answer: GraphQLHelperAnswer
        do throws(HelperError) {
            if let schema {
                if let error = try registration(of: schema) {
                    throw HelperError(message: "its schema cannot be used: \(error.message)")
                }
                check.schema = schema.registration.withLock { $0?.number }
            }
            answer = try ask(.check(check), within: checkLimit)
        } catch {
            return Checked(problems: [QueryError(message: "the query cannot be checked: \(error.message)", line: 1, column: 1)])
        }
        guard let listed = answer.problems else {
            let reason = answer.error?.message ?? "rest-run-graphql's answer has no problems list"
            return Checked(problems: [QueryError(message: "the query cannot be checked: \(reason)", line: 1, column: 1)])
        }
        let problems = listed.map { problem in
            var message = problem.message
            if let names = problem.operations, let asked = operationName {
                if let suggestion = Suggestion.closest(to: asked, in: names) {
                    message += " (did you mean '\(suggestion)'?)"
                } else if !names.isEmpty {
                    message += "; it has " + names.map { "'\($0)'" }.joined(separator: ", ")
                }
            }
            return QueryError(message: message, line: problem.line ?? 1, column: problem.column ?? 1)
        }
        return Checked(problems: problems, operation: answer.operation)
    }

    /// Sends `document` to the running helper unless it already has it: nil when it is built,
    /// else why the SDL cannot be used.
    private static func registration(of document: GraphQLSchemaDocument) throws(HelperError) -> GraphQLSchemaDocument.SDLError? {
        let generation = try helper.generation()
        if document.registration.withLock({ $0?.generation == generation }) { return nil }
        let answer = try helper.askBlocking(GraphQLHelperRequest.schema(sdl: document.sdl).json, within: limit)
        let read = GraphQLHelperAnswer(json: answer.json)
        if let number = read.schema {
            document.registration.withLock { $0 = (answer.generation, number) }
            return nil
        }
        return GraphQLSchemaDocument.SDLError(
            message: read.error?.message ?? "it is not a GraphQL schema", line: read.error?.line, column: read.error?.column)
    }

    private static func ask(_ request: GraphQLHelperRequest, within checkLimit: Duration) throws(HelperError) -> GraphQLHelperAnswer {
        GraphQLHelperAnswer(json: try helper.askBlocking(request.json, within: checkLimit).json)
    }
}
