package import GraphQL

/// Checks a GraphQL query: it must parse, name an operation that exists, and, against a schema,
/// pass the specification's validation rules (unknown fields with did-you-mean, argument types,
/// fragments on the wrong type, ...) and be given every required variable. Positions are the
/// query's own, 1-based.
package enum GraphQLQueryCheck {
    /// One problem at a line and column of the query.
    package struct QueryProblem: Sendable, Equatable {
        /// One sentence.
        package var message: String
        /// The 1-based line and column in the query text.
        package var line: Int, column: Int
        /// When the operation asked for is not in the document: the names it has, for a
        /// did-you-mean.
        package var operations: [String]?

        package init(message: String, line: Int, column: Int, operations: [String]? = nil) {
            self.message = message
            self.line = line
            self.column = column
            self.operations = operations
        }
    }

    /// The problems of `query`; `variables` lists the names given (a template counts as given).
    package static func problems(
        _ query: String, operationName: String?, variables: Set<String>, schema: GraphQLSchema?
    ) -> [QueryProblem] {
        guard !GraphQLDepth.isTooDeep(query) else {
            return [QueryProblem(message: "the query nests deeper than \(GraphQLDepth.limit) levels", line: 1, column: 1)]
        }
        guard !GraphQLEscapeGuard.isCutOff(query) else {
            return [QueryProblem(message: "the query cannot be parsed: a \\u escape at its end has fewer than four hex digits", line: 1, column: 1)]
        }
        let document: Document
        do {
            document = try parse(source: query)
        } catch let error as GraphQLError {
            return [problem(error)]
        } catch {
            return [QueryProblem(message: "the query cannot be parsed", line: 1, column: 1)]
        }
        // GraphQLSwift's validation casts a schema's operation types as operations and traps, so
        // a document holding type system definitions is answered here, before it is validated.
        let typeSystem = document.definitions.filter { !($0 is OperationDefinition || $0 is FragmentDefinition) }
        guard typeSystem.isEmpty else { return typeSystem.map(notExecutable) }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        guard !operations.isEmpty else {
            return [QueryProblem(message: "the document has no operation (a query, mutation or subscription)", line: 1, column: 1)]
        }
        let operation: OperationDefinition
        if let operationName {
            guard let named = operations.first(where: { $0.name?.value == operationName }) else {
                return [QueryProblem(
                    message: "the document has no operation named '\(operationName)'", line: 1, column: 1,
                    operations: operations.compactMap { $0.name?.value })]
            }
            operation = named
        } else {
            guard operations.count == 1, let only = operations.first else {
                return [QueryProblem(message: "the document has \(operations.count) operations: name the one to run with 'operation_name'", line: 1, column: 1)]
            }
            operation = only
        }
        var found: [QueryProblem] = []
        if let schema {
            found += validate(schema: schema, ast: document).map(problem)
        }
        for definition in operation.variableDefinitions where definition.type is NonNullType && definition.defaultValue == nil {
            let name = definition.variable.name.value
            guard !variables.contains(name) else { continue }
            let token = definition.loc?.startToken
            found.append(QueryProblem(
                message: "the required variable '$\(name)' is not given in 'variables'", line: token?.line ?? 1, column: token?.column ?? 1))
        }
        return found
    }

    /// The name of the operation `query` runs: `operationName` when given, else its one
    /// operation's name; nil when the query cannot be parsed or its operation has no name.
    package static func operationName(of query: String, given operationName: String?) -> String? {
        if let operationName { return operationName }
        guard !GraphQLDepth.isTooDeep(query), !GraphQLEscapeGuard.isCutOff(query), let document = try? parse(source: query) else { return nil }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        return operations.count == 1 ? operations.first?.name?.value : nil
    }

    /// A type, directive or schema definition in a query: servers execute only operations and
    /// fragments.
    private static func notExecutable(_ definition: any Definition) -> QueryProblem {
        let name: String
        if let type = definition as? any TypeDefinition {
            name = "the type definition '\(type.name.value)'"
        } else if let directive = definition as? DirectiveDefinition {
            name = "the directive definition '@\(directive.name.value)'"
        } else if definition.kind == .schemaDefinition || definition.kind == .schemaExtensionDefinition {
            name = "a schema definition"
        } else {
            name = "a type extension"
        }
        let token = definition.loc?.startToken
        return QueryProblem(
            message: "\(name) is not executable: a query holds only operations and fragments",
            line: token?.line ?? 1, column: token?.column ?? 1)
    }

    private static func problem(_ error: GraphQLError) -> QueryProblem {
        let location = error.locations.first
        return QueryProblem(message: sentence(error.message), line: location?.line ?? 1, column: location?.column ?? 1)
    }

    /// The library's messages as one line: `Syntax Error GraphQL (1:15) Expected Name, found
    /// <EOF>` and the excerpt under it become `syntax error: expected Name, found <EOF>` (the place
    /// is shown by the diagnostic itself).
    static func sentence(_ message: String) -> String {
        var text = Substring(message.prefix { $0 != "\n" })
        if text.hasPrefix("Syntax Error") {
            if let close = text.firstIndex(of: ")"), text.contains("(") { text = text[text.index(after: close)...] }
            text = text.drop { $0 == " " || $0 == ":" }
            if let first = text.first { text = "syntax error: " + first.lowercased() + text.dropFirst() }
        }
        if text.hasSuffix(".") { text.removeLast() }
        return String(text)
    }
}
