package import Logging

/// A swift-log handler that writes each message as it is, one whole write per message, to a sink:
/// verbose output reads like `curl -v`, not like a server log.
package struct ConsoleLogHandler: LogHandler {
    /// Where messages go.
    public let sink: any TextSink
    /// The lowest level written.
    public var logLevel: Logger.Level = .info
    /// Metadata attached to the logger (not printed).
    public var metadata: Logger.Metadata = [:]

    /// Creates a handler writing to `sink`.
    public init(sink: any TextSink, logLevel: Logger.Level = .info) {
        self.sink = sink
        self.logLevel = logLevel
    }

    /// Metadata by key.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the message and a newline.
    public func log(event: LogEvent) {
        sink.write("\(event.message)\n")
    }
}
