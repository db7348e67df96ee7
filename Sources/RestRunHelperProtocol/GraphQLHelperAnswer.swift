/// What `rest-run-graphql` answers: a schema's number or why it cannot be built, or a query's
/// problems and the operation it runs.
package struct GraphQLHelperAnswer: Sendable, Equatable {
    /// The new schema's number.
    package var schema: Int?
    /// Why the request (a schema's SDL, or the request itself) cannot be used.
    package var error: GraphQLProblem?
    /// The query's problems, in its order.
    package var problems: [GraphQLProblem]?
    /// The operation the query runs, when it has no problems and that operation has a name.
    package var operation: String?

    /// An answer of the members given.
    package init(schema: Int? = nil, error: GraphQLProblem? = nil, problems: [GraphQLProblem]? = nil, operation: String? = nil) {
        self.schema = schema
        self.error = error
        self.problems = problems
        self.operation = operation
    }

    /// One problem, at a 1-based line and column of the text when known.
    package struct GraphQLProblem: Sendable, Equatable {
        /// One sentence.
        package var message: String
        /// Where it is.
        package var line: Int?, column: Int?
        /// When the operation asked for is not in the document: the names it has.
        package var operations: [String]?

        /// A problem from its parts.
        package init(message: String, line: Int? = nil, column: Int? = nil, operations: [String]? = nil) {
            self.message = message
            self.line = line
            self.column = column
            self.operations = operations
        }

        var json: JSONValue {
            .members([
                ("message", .string(message)), ("line", line.map(JSONValue.integer)), ("column", column.map(JSONValue.integer)),
                ("operations", operations.map(JSONValue.strings)),
            ])
        }

        init(json: JSONValue) {
            self.init(
                message: json["message"]?.string ?? "the query has a problem", line: json["line"]?.integer,
                column: json["column"]?.integer, operations: json["operations"]?.items.map { $0.compactMap(\.string) })
        }
    }

    /// The answer as its line carries it.
    package var json: JSONValue {
        .members([
            ("schema", schema.map(JSONValue.integer)), ("error", error?.json), ("problems", problems.map { .array($0.map(\.json)) }),
            ("operation", operation.map(JSONValue.string)),
        ])
    }

    /// The answer a line's JSON holds.
    package init(json: JSONValue) {
        schema = json["schema"]?.integer
        error = json["error"].map(GraphQLProblem.init(json:))
        problems = json["problems"]?.items?.map(GraphQLProblem.init(json:))
        operation = json["operation"]?.string
    }
}
