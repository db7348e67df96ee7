import GraphQL

/// A file's `graphql_schema:`: the schema its queries are validated against when it loads, read
/// from SDL or from an introspection result (`{"data": {"__schema": ...}}` or `{"__schema": ...}`).
package final class GraphQLSchemaDocument: Sendable {
    /// The schema.
    let schema: GraphQLSchema
    /// The file it was read from.
    package let path: String

    private init(schema: GraphQLSchema, path: String) {
        self.schema = schema
        self.path = path
    }

    /// Why a schema file cannot be used: one sentence, at a line of the file when there is one.
    package struct SDLError: Error, Sendable {
        /// One sentence.
        package var message: String
        /// The 1-based line and column in the schema file, when known.
        package var line: Int?, column: Int?
    }

    /// Reads the schema in `text` (of the file at `path`).
    package static func read(_ text: String, path: String) throws(SDLError) -> GraphQLSchemaDocument {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        var sdl = text
        if trimmed.first == "{" {
            let json: DecodedValue
            do {
                json = try JSONParser.parse(Array(text.utf8))
            } catch {
                throw SDLError(message: "it is not valid JSON: \(error)")
            }
            do {
                sdl = try IntrospectionSDL.sdl(from: json)
            } catch {
                throw SDLError(message: error.message)
            }
        }
        guard !GraphQLDepth.isTooDeep(sdl) else { throw SDLError(message: "it nests deeper than \(GraphQLDepth.limit) levels") }
        guard !GraphQLEscapeGuard.isCutOff(sdl) else { throw SDLError(message: "a \\u escape at its end has fewer than four hex digits") }
        do {
            return GraphQLSchemaDocument(schema: try buildSchema(source: sdl), path: path)
        } catch let error as GraphQLError {
            let location = trimmed.first == "{" ? nil : error.locations.first
            throw SDLError(message: GraphQLQueryCheck.sentence(error.message), line: location?.line, column: location?.column)
        } catch {
            throw SDLError(message: "it is not a GraphQL schema (SDL, or an introspection result in JSON)")
        }
    }
}
