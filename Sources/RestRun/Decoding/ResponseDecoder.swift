/// Turns a response body into the value tree that expectations and captures read, registered in a
/// `DecoderRegistry` under a type name so a request file can say `decode: Articles`.
public protocol ResponseDecoder: Sendable {
    /// The name a request file uses; by default the conforming type's own name.
    static var typeName: String { get }
    /// Decodes the body, or throws a `DecodingFailure` that names the path that failed. A decoder that
    /// needs no waiting may implement this without `async`.
    func decode(_ response: Response) async throws -> DecodedValue
}

extension ResponseDecoder {
    /// The conforming type's own name.
    public static var typeName: String { String(describing: Self.self) }
}
