/// A body a decoder could not decode: "Articles: data[0].attributes.name: expected String, found null".
public struct DecodingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The decoder's registered name.
    public var decoder: String
    /// Where in the body, as `data[0].attributes.name`; empty for the whole body.
    public var path: String
    /// What was wrong.
    public var message: String

    /// Creates a failure.
    public init(decoder: String, path: String = "", message: String) {
        self.decoder = decoder
        self.path = path
        self.message = message
    }

    /// `Decoder: path: message`
    public var description: String {
        path.isEmpty ? "\(decoder): \(message)" : "\(decoder): \(path): \(message)"
    }
}
