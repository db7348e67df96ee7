import RestRunYAML

/// Reads a request's `graphql: {query, variables, operation_name}` and checks its query when the
/// file loads: parsed always, validated against the file's `graphql_schema` when it has one. Each
/// problem is reported where the query was written: at its line and column in the YAML file, or
/// in the `.graphql` file `query: {file: ...}` names.
struct GraphQLLoader {
    let context: LoadContext
    let schema: GraphQLSchemaDocument?
    /// How long the query's check may wait for the helper.
    var checkLimit = GraphQLChecker.limit

    static let keys = ["query", "variables", "operation_name"]
    static let queryFileKeys = ["file"]
    /// The largest query file read.
    static let queryFileLimit = 1024 * 1024

    func load(_ node: Node) -> GraphQLOperation? {
        guard let entries = context.mapping(node, "'graphql'", allowed: Self.keys) else { return nil }
        guard let queryEntry = entries.first(where: { $0.key == "query" }) else {
            context.error("'graphql' needs a 'query': the GraphQL document, or {file: query.graphql}", at: node)
            return nil
        }
        var variables: ValueTemplate?
        var variableNames: Set<String> = []
        var operationName: String?
        for (key, value, _) in entries {
            switch key {
            case "variables":
                guard let pairs = value.pairs else {
                    context.error("'variables' must be a mapping of variable names to values, found \(value.kindDescription)", at: value)
                    continue
                }
                variableNames = Set(pairs.compactMap { $0.key.scalarText })
                variables = context.valueTemplate(value)
            case "operation_name": operationName = context.string(value, "'operation_name'")
            default: break
            }
        }
        guard let (query, place) = readQuery(queryEntry.node) else { return nil }
        let problems = GraphQLChecker.check(query, operationName: operationName, variables: variableNames, schema: schema, within: checkLimit).problems
        for problem in problems {
            context.append([Diagnostic(problem.message, at: place(problem.line, problem.column))])
        }
        return GraphQLOperation(query: query, variables: variables, operationName: operationName)
    }

    /// The query's text, and where a line and column of it were written.
    private func readQuery(_ written: Node) -> (String, (Int, Int) -> SourceLocation)? {
        let node = context.expanded(written)
        if node.pairs != nil {
            guard let fields = context.mapping(node, "'query'", allowed: Self.queryFileKeys),
                  let fileNode = fields.first(where: { $0.key == "file" })?.node,
                  let written = context.string(fileNode, "'file'")
            else {
                if node.pairs?.isEmpty == false, context.mapping(node, "'query'", allowed: Self.queryFileKeys) != nil {
                    context.error("'query' is the GraphQL document, or {file: query.graphql}", at: node)
                }
                return nil
            }
            let path = FileSystem.path(written, relativeTo: context.source.path)
            let text: String
            do {
                text = try FileSystem.readText(path, limit: Self.queryFileLimit)
            } catch {
                context.error("query file '\(written)': \(error.message)", at: fileNode)
                return nil
            }
            let source = SourceText(path: path, text: text)
            return (text, { line, column in source.location(Mark(line: line, column: column)) })
        }
        guard let query = context.string(node, "'query'") else { return nil }
        return (query, { line, column in place(line: line, column: column, in: node) })
    }

    /// Where line `line`, column `column` of a scalar's text was written in the YAML file.
    private func place(line: Int, column: Int, in node: Node) -> SourceLocation {
        let mark = node.mark
        switch node.scalarStyle {
        case .literal?, .folded?:
            // A block's lines start on the line after its indicator, at the block's indentation.
            let first = mark.line + 1
            var indent = 0
            // libyaml and the source may count line breaks differently (a lone CR): stay in range.
            for number in first..<max(first, min(first + 64, context.source.lineCount + 1)) {
                guard let text = context.source.line(number), !text.allSatisfy({ $0 == " " }) else { continue }
                indent = text.prefix { $0 == " " }.count
                break
            }
            return context.source.location(Mark(line: first + line - 1, column: indent + column))
        default:
            let quote = node.scalarStyle?.isQuoted == true ? 1 : 0
            if line == 1 { return context.source.location(mark, offset: quote + column - 1) }
            let target = mark.line + line - 1
            let indent = context.source.line(target).map { text in text.prefix { $0 == " " }.count } ?? 0
            return context.source.location(Mark(line: target, column: indent + column))
        }
    }
}
