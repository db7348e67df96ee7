/// What rest-run asks `rest-run-graphql` (each inside a `HelperEnvelope` line).
package enum GraphQLHelperRequest: Sendable, Equatable {
    /// Build a schema from SDL and keep it: answered with its number or the problem.
    case schema(sdl: String)
    /// Check a query: answered with its problems and the operation it runs.
    case check(Check)

    /// A query to check.
    package struct Check: Sendable, Equatable {
        /// The query text.
        package var query: String
        /// The operation to run, when the request names it.
        package var operation: String?
        /// The variables given.
        package var variables: [String]
        /// The schema (a number from an earlier answer) to check against.
        package var schema: Int?

        /// A check from its parts.
        package init(query: String, operation: String? = nil, variables: [String] = [], schema: Int? = nil) {
            self.query = query
            self.operation = operation
            self.variables = variables
            self.schema = schema
        }
    }

    /// The request as its line carries it.
    package var json: JSONValue {
        switch self {
        case .schema(let sdl):
            .members([("schema", .string(sdl))])
        case .check(let check):
            .members([
                ("check", .string(check.query)), ("operation", check.operation.map(JSONValue.string)),
                ("variables", .strings(check.variables)), ("against", check.schema.map(JSONValue.integer)),
            ])
        }
    }

    /// The request a line's JSON holds, or nil when it is neither a schema nor a check.
    package init?(json: JSONValue) {
        if let sdl = json["schema"]?.string {
            self = .schema(sdl: sdl)
        } else if let query = json["check"]?.string {
            self = .check(Check(
                query: query, operation: json["operation"]?.string, variables: json["variables"]?.strings ?? [],
                schema: json["against"]?.integer))
        } else {
            return nil
        }
    }
}
