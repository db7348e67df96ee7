/// A delegate made from a closure that adds headers to every request: the one-liner for signing
/// requests or fetching a fresh token (the closure may await). It is asked before every attempt,
/// so a retry gets new values.
///
/// ```swift
/// let signer = HeaderProvider { request in
///     [("X-Signature", sign(request.method.rawValue + request.url))]
/// }
/// ```
public struct HeaderProvider: NetworkingDelegate {
    private let provide: @Sendable (PreparedRequest) async throws -> [(String, String)]

    /// Creates a provider from a closure that returns the headers to add to `request`.
    public init(_ provide: @escaping @Sendable (PreparedRequest) async throws -> [(String, String)]) {
        self.provide = provide
    }

    /// The closure's headers.
    public func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] {
        try await provide(request)
    }
}
