import OrderedCollections
/// The `errors` a GraphQL response carries, as one failure.
package enum GraphQLErrors {
    /// The GraphQL `errors` of a response, when it has some: each error's message and path.
    package static func failure(in response: Response, at location: SourceLocation?) -> Diagnostic? {
        guard case let .object(members)? = try? JSONParser.parse(response.body), case let .array(errors)? = members["errors"], !errors.isEmpty
        else { return nil }
        let notes = errors.prefix(20).map { error -> String in
            guard case let .object(fields) = error else { return error.jsonText(limit: 200) }
            var line = fields["message"]?.stringValue ?? fields["message"]?.jsonText(limit: 200) ?? "(no message)"
            if case let .array(path)? = fields["path"], !path.isEmpty {
                line += " (path: " + path.map(\.interpolationText).joined(separator: ".") + ")"
            }
            return line
        } + (errors.count > 20 ? ["… \(errors.count - 20) more"] : [])
        let count = errors.count == 1 ? "an error" : "\(errors.count) errors"
        return Diagnostic("the GraphQL response has \(count) (expect something of $.errors to allow them)", at: location, notes: notes)
    }
}
