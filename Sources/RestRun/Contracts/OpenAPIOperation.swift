/// One operation of an OpenAPI spec: a method on a path template, what it takes and what it may
/// answer, its schemas compiled.
package struct OpenAPIOperation: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The path as the spec writes it: `/pets/{petId}`.
    package var path: String
    /// The template to match request paths against.
    package var template: PathTemplate
    /// The spec's `operationId`, if any.
    package var operationID: String?
    /// Its tags.
    package var tags: [String] = []
    /// Where the operation is written in the spec.
    package var location: SourceLocation?
    /// Its parameters, the path item's merged in.
    package var parameters: [OpenAPIParameter] = []
    /// Its request body, if it declares one.
    package var requestBody: OpenAPIBody?
    /// Its responses by the spec's key: `200`, `2XX`, `default`.
    package var responses: [(key: String, response: OpenAPIResponse)] = []
    /// The credentials it requires: alternatives, each a list of schemes sent together (its own
    /// `security`, else the spec's); empty when it requires none, or when one alternative is
    /// empty (`{}`, authentication optional).
    package var security: [[OpenAPISecurityScheme]] = []

    /// `GET /pets/{petId}`
    package var name: String { "\(method) \(path)" }

    /// Every schema the operation uses: its parameters', its request body's, its responses' bodies'
    /// and headers'.
    package var schemas: [JSONSchema] {
        var schemas = parameters.compactMap(\.schema) + (requestBody?.content.compactMap(\.schema) ?? [])
        for (_, response) in responses {
            schemas += response.headers.compactMap(\.schema) + response.body.content.compactMap(\.schema)
        }
        return schemas
    }

    /// The response `status` is answered with: the exact code, else its class (`2XX`), else
    /// `default`.
    package func response(for status: Int) -> (key: String, response: OpenAPIResponse)? {
        let exact = String(status), range = "\(status / 100)XX"
        return responses.first { $0.key == exact }
            ?? responses.first { $0.key.uppercased() == range }
            ?? responses.first { $0.key == "default" }
    }
}

/// A parameter of an operation.
package struct OpenAPIParameter: Sendable {
    /// Its name.
    package var name: String
    /// `path`, `query`, `header` or `cookie`.
    package var location: String
    /// Whether a request must send it.
    package var isRequired: Bool
    /// Its schema, when it has one.
    package var schema: JSONSchema?
}

/// One media type of a body: its schema and examples.
package struct OpenAPIMediaType: Sendable {
    /// `application/json`, lower-cased.
    package var mediaType: String
    /// Its schema, compiled.
    package var schema: JSONSchema?
    /// `example:`
    package var example: DecodedValue?
    /// `examples:` by name, each its `value`.
    package var examples: [(name: String, value: DecodedValue)] = []
}

/// A request or response body: media types and their schemas.
package struct OpenAPIBody: Sendable {
    /// Whether a request must send it (request bodies only).
    package var isRequired = false
    /// Declared media types, in the spec's order.
    package var content: [OpenAPIMediaType] = []

    /// The declared media type that `contentType` (a header value) falls under: exact, then
    /// `type/*`, then `*/*`.
    package func mediaType(for contentType: String) -> OpenAPIMediaType? {
        let essence = MediaType.essence(contentType)
        let type = essence.split(separator: "/").first.map(String.init) ?? essence
        return content.first { $0.mediaType == essence }
            ?? content.first { $0.mediaType == type + "/*" }
            ?? content.first { $0.mediaType == "*/*" }
    }
}

/// A response an operation declares.
package struct OpenAPIResponse: Sendable {
    /// Where it is written.
    package var location: SourceLocation?
    /// Its headers.
    package var headers: [OpenAPIParameter] = []
    /// Its content.
    package var body = OpenAPIBody()
    /// Its links to the operations that may follow it.
    package var links: [OpenAPILink] = []
}

/// A response's link: an operation that may follow, and where its parameters come from.
package struct OpenAPILink: Sendable {
    /// The link's name.
    package var name: String
    /// The target's `operationId`, or `ref:` and its `operationRef`.
    package var target: String
    /// Each parameter (`id`, or `path.id`) and its runtime expression (`$response.body#/id`) or value.
    package var parameters: [(String, DecodedValue)]
}
