/// A value taken from a response for later requests, from a request's `capture:`.
public struct Capture: Sendable {
    /// Where the value comes from.
    public enum Source: Sendable {
        /// A JSONPath into the decoded body; a path that can select several nodes captures an array.
        case json(JSONPath)
        /// A header's first value.
        case header(String)
        /// The first group (or the whole match) of a regular expression over the body.
        case regex(String)
        /// The status code.
        case status
        /// The whole body as text.
        case body
        /// A cookie the response set.
        case cookie(String)
    }

    /// The variable the value is stored in.
    public var name: String
    /// Where it comes from.
    public var source: Source
    /// Whether the value is hidden from all output.
    public var isSecret: Bool
    /// Where the capture was written.
    public var location: SourceLocation?

    /// Creates a capture.
    public init(name: String, source: Source, isSecret: Bool = false, location: SourceLocation? = nil) {
        self.name = name
        self.source = source
        self.isSecret = isSecret
        self.location = location
    }
}
