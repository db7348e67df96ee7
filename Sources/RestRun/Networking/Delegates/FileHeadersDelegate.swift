/// Supplies a file's `headers:` (and its `auth:`) to every request of that file, resolving their
/// templates against the request's variables before every attempt.
package struct FileHeadersDelegate: NetworkingDelegate {
    /// The file's headers, in order.
    package let headers: [HeaderTemplate]

    /// Creates a delegate for a file's headers.
    package init(headers: [HeaderTemplate]) { self.headers = headers }

    /// The file's headers with their templates resolved; a `null` header is left out.
    package func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] {
        var result: [(String, String)] = []
        for header in headers {
            guard !request.removedHeaders.contains(header.name.lowercased()), let value = try header.render(in: request.scope) else { continue }
            result.append((header.name, value))
        }
        return result
    }
}
