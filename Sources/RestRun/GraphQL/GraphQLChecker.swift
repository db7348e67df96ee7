import OrderedCollections
import Synchronization

/// The GraphQL checks a file's queries get when it loads, and the mock's checks of the queries it
/// is sent, answered by `rest-run-graphql` (GraphQLSwift/GraphQL in a process of its own, started
/// the first time a file or a mock route uses GraphQL). GraphQLSwift brings the whole of
/// Foundation, whose conformance records would lengthen the runtime's searches in every run of
/// rest-run, GraphQL or not; a crash inside it now ends the helper, not the run.
package enum GraphQLChecker {
    /// The helper, found beside rest-run, in its `../lib/rest-run`, or where `REST_RUN_GRAPHQL`
    /// says.
    static let helper = HelperProcess(name: "rest-run-graphql", pathVariable: "REST_RUN_GRAPHQL")

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
            problem = try helper.withConnection { connection throws(HelperProcess.HelperError) in try registration(of: document, on: connection) }
        } catch {
            throw GraphQLSchemaDocument.SDLError(message: "it cannot be checked: \(error.message)")
        }
        if let problem { throw problem }
    }

    /// Checks `query`: it must parse, name an operation that exists (`operationName`, or its only
    /// one), pass the specification's validation rules against `schema`, and be given every
    /// required variable (`variables` names those given; a template counts).
    package static func check(_ query: String, operationName: String?, variables: Set<String>, schema: GraphQLSchemaDocument?) -> Checked {
        var request: [(String, DecodedValue)] = [("check", .string(query)), ("variables", .array(variables.sorted().map(DecodedValue.string)))]
        if let operationName { request.append(("operation", .string(operationName))) }
        let answer: DecodedValue
        do {
            answer = try helper.withConnection { connection throws(HelperProcess.HelperError) -> DecodedValue in
                var fields = request
                if let schema {
                    if let error = try registration(of: schema, on: connection) {
                        throw HelperProcess.HelperError(message: "its schema cannot be used: \(error.message)")
                    }
                    if let number = schema.registration.withLock({ $0?.number }) { fields.append(("against", .integer(number))) }
                }
                return try exchange(.object(fromPairs: fields), on: connection)
            }
        } catch {
            return Checked(problems: [QueryError(message: "the query cannot be checked: \(error.message)", line: 1, column: 1)])
        }
        guard let listed = answer.member("problems")?.items else {
            let reason = answer.member("error")?.member("message")?.stringValue ?? "rest-run-graphql's answer has no problems list"
            return Checked(problems: [QueryError(message: "the query cannot be checked: \(reason)", line: 1, column: 1)])
        }
        let problems = listed.map { problem in
            var message = problem.member("message")?.stringValue ?? "the query has a problem"
            if let names = problem.member("operations")?.items?.compactMap(\.stringValue), let asked = operationName {
                if let suggestion = Suggestion.closest(to: asked, in: names) {
                    message += " (did you mean '\(suggestion)'?)"
                } else if !names.isEmpty {
                    message += "; it has " + names.map { "'\($0)'" }.joined(separator: ", ")
                }
            }
            return QueryError(message: message, line: problem.member("line")?.integerValue ?? 1, column: problem.member("column")?.integerValue ?? 1)
        }
        return Checked(problems: problems, operation: answer.member("operation")?.stringValue)
    }

    /// Sends `document` to the helper `connection` reaches unless it already has it: nil when it
    /// is built, else why the SDL cannot be used.
    private static func registration(
        of document: GraphQLSchemaDocument, on connection: HelperProcess.Connection
    ) throws(HelperProcess.HelperError) -> GraphQLSchemaDocument.SDLError? {
        if document.registration.withLock({ $0?.generation == connection.generation }) { return nil }
        let answer = try exchange(.object(fromPairs: [("schema", .string(document.sdl))]), on: connection)
        if let number = answer.member("schema")?.integerValue {
            document.registration.withLock { $0 = (connection.generation, number) }
            return nil
        }
        let error = answer.member("error")
        return GraphQLSchemaDocument.SDLError(
            message: error?.member("message")?.stringValue ?? "it is not a GraphQL schema",
            line: error?.member("line")?.integerValue, column: error?.member("column")?.integerValue)
    }

    private static func exchange(_ request: DecodedValue, on connection: HelperProcess.Connection) throws(HelperProcess.HelperError) -> DecodedValue {
        let bytes = try connection.exchange(request.jsonText)
        guard let answer = try? JSONParser.parse(bytes), case .object = answer else {
            throw HelperProcess.HelperError(message: "rest-run-graphql answered something rest-run cannot read")
        }
        return answer
    }
}

extension DecodedValue {
    /// The integer, if this is one.
    fileprivate var integerValue: Int? {
        if case let .integer(value) = self { return value }
        return nil
    }
}
