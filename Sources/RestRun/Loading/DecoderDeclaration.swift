/// An external decoder as a request file declares it under `decoders:`.
public struct DecoderDeclaration: Sendable {
    /// The name `decode:` uses.
    public var name: String
    /// The command and its arguments (a relative command path already resolved against the file).
    public var command: [String]
    /// How long the command may run.
    public var timeout: Duration
    /// The command as written, for messages.
    public var writtenCommand: String
    /// The file that declared it.
    public var file: String
    /// Where it was declared.
    public var location: SourceLocation?

    /// Creates a declaration.
    public init(name: String, command: [String], timeout: Duration = .seconds(10), file: String, location: SourceLocation? = nil) {
        self.name = name
        self.command = command
        self.timeout = timeout
        self.writtenCommand = command.joined(separator: " ")
        self.file = file
        self.location = location
    }

    /// The decoder it declares.
    public var decoder: ExternalDecoder {
        ExternalDecoder(name: name, command: command, timeout: timeout, writtenCommand: writtenCommand)
    }
}
