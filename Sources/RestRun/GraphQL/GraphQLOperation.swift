/// A request's `graphql:`: the query, its variables (templates, like a `json:` body) and the
/// operation's name, sent as a POST JSON body or, with `method: GET`, as query parameters.
package struct GraphQLOperation: Sendable {
    /// The query document's text.
    package var query: String
    /// `variables:`: a value that is exactly `{{name}}` keeps the variable's type.
    package var variables: ValueTemplate?
    /// `operation_name:`.
    package var operationName: String?

    /// Creates an operation.
    package init(query: String, variables: ValueTemplate? = nil, operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// The POST body: `{"query", "variables", "operationName"}` as JSON.
    package func body(in scope: Scope) throws(Diagnostic) -> RequestBody {
        var fields: [(String, DecodedValue)] = [("query", .string(query))]
        if let variables { fields.append(("variables", try variables.resolve(in: scope))) }
        if let operationName { fields.append(("operationName", .string(operationName))) }
        return .json(.object(fromPairs: fields))
    }

    /// The GET query parameters: `query`, `variables` as JSON text, `operationName`.
    package func queryItems(in scope: Scope) throws(Diagnostic) -> [(String, String)] {
        var items = [("query", query)]
        if let variables { items.append(("variables", try variables.resolve(in: scope).jsonText)) }
        if let operationName { items.append(("operationName", operationName)) }
        return items
    }
}
