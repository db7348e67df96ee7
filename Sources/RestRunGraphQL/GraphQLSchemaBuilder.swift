package import GraphQL

/// Builds a schema from SDL, refusing first what would make GraphQLSwift's parser trap or
/// descend without bound.
package enum GraphQLSchemaBuilder {
    /// Why SDL cannot be used: one sentence, at a line of the text when there is one.
    package struct SchemaProblem: Error, Sendable, Equatable {
        /// One sentence.
        package var message: String
        /// The 1-based line and column in the SDL, when known.
        package var line: Int?, column: Int?
    }

    /// The schema `sdl` describes.
    package static func build(_ sdl: String) throws(SchemaProblem) -> GraphQLSchema {
        guard !GraphQLDepth.isTooDeep(sdl) else { throw SchemaProblem(message: "it nests deeper than \(GraphQLDepth.limit) levels") }
        guard !GraphQLEscapeGuard.isCutOff(sdl) else { throw SchemaProblem(message: "a \\u escape at its end has fewer than four hex digits") }
        do {
            return try buildSchema(source: sdl)
        } catch let error as GraphQLError {
            let location = error.locations.first
            throw SchemaProblem(message: GraphQLQueryCheck.sentence(error.message), line: location?.line, column: location?.column)
        } catch {
            throw SchemaProblem(message: "it is not a GraphQL schema (SDL, or an introspection result in JSON)")
        }
    }
}
