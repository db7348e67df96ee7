/// Sends prepared requests. Callers depend on this protocol, so tests can inject a fake.
public protocol Networking: Sendable {
    /// Sends a request and returns its response, or throws a `NetworkError`.
    func send(_ request: PreparedRequest) async throws -> Response
}
