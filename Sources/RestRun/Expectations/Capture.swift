/// A value taken from a response for later requests, from a request's `capture:`.
package struct Capture: Sendable {
    /// Where the value comes from.
    package enum Source: Sendable {
        /// A JSONPath into the decoded body; a path that can select several nodes captures an array.
        case json(JSONPath)
        /// A header's first value.
        case header(String)
        /// A trailer's first value (a gRPC call's trailing metadata).
        case trailer(String)
        /// The first group (or the whole match) of a regular expression over the body.
        case regex(CapturePattern)
        /// The status code.
        case status
        /// The whole body as text.
        case body
        /// A cookie the response set.
        case cookie(String)
        /// A JSONPath into the events of an event stream (`stream:`).
        case events(JSONPath)
    }

    /// The variable the value is stored in.
    package var name: String
    /// Where it comes from.
    package var source: Source
    /// Whether the value is hidden from all output.
    package var isSecret: Bool
    /// Where the capture was written.
    package var location: SourceLocation?

    /// Creates a capture.
    package init(name: String, source: Source, isSecret: Bool = false, location: SourceLocation? = nil) {
        self.name = name
        self.source = source
        self.isSecret = isSecret
        self.location = location
    }
}
