import Synchronization

/// A file's `graphql_schema:`: the schema its queries are validated against when it loads, read
/// from SDL or from an introspection result (`{"data": {"__schema": ...}}` or `{"__schema": ...}`).
/// `rest-run-graphql` builds and keeps it (see `GraphQLChecker`); this is its SDL and where it
/// came from.
package final class GraphQLSchemaDocument: Sendable {
    /// The schema as SDL (an introspection result is turned into SDL when read).
    let sdl: String
    /// The file it was read from.
    package let path: String
    /// The helper's number for it, and which start of the helper gave it.
    let registration = Mutex<(generation: Int, number: Int)?>(nil)

    private init(sdl: String, path: String) {
        self.sdl = sdl
        self.path = path
    }

    /// Why a schema file cannot be used: one sentence, at a line of the file when there is one.
    package struct SDLError: Error, Sendable {
        /// One sentence.
        package var message: String
        /// The 1-based line and column in the schema file, when known.
        package var line: Int?, column: Int?
    }

    /// Reads the schema in `text` (of the file at `path`), built and checked by `rest-run-graphql`
    /// unless `checked` is false (then at its first use, which reports a problem there).
    package static func read(_ text: String, path: String, checked: Bool = true) throws(SDLError) -> GraphQLSchemaDocument {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        let fromJSON = trimmed.first == "{"
        var sdl = text
        if fromJSON {
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
        let document = GraphQLSchemaDocument(sdl: sdl, path: path)
        guard checked else { return document }
        do {
            try GraphQLChecker.register(document)
        } catch {
            // Lines of SDL made from JSON are not the file's.
            throw fromJSON ? SDLError(message: error.message) : error
        }
        return document
    }
}
