/// Which operation of an OpenAPI spec a response exercised, and the declared response it fell
/// under: what coverage is added up from, one per checked response.
package struct OperationHit: Sendable, Hashable {
    /// The spec's path, as `OpenAPISpec.path` gives it.
    package var spec: String
    /// The operation, as `GET /pets/{petId}`.
    package var operation: String
    /// The declared response key (`200`, `2XX`, `default`), or `undeclared`.
    package var response: String
}
