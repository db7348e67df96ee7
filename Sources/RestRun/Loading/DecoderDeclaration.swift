/// An external decoder as a request file declares it under `decoders:`.
package struct DecoderDeclaration: Sendable {
    /// The name `decode:` uses.
    package var name: String
    /// The command and its arguments (a relative command path already resolved against the file).
    package var command: [String]
    /// How long the command may run.
    package var timeout: Duration
    /// The command as written, for messages.
    package var writtenCommand: String
    /// The file that declared it.
    package var file: String
    /// Where it was declared.
    package var location: SourceLocation?

    /// Creates a declaration.
    package init(name: String, command: [String], timeout: Duration = .seconds(10), file: String, location: SourceLocation? = nil) {
        self.name = name
        self.command = command
        self.timeout = timeout
        self.writtenCommand = command.joined(separator: " ")
        self.file = file
        self.location = location
    }

    /// The decoder it declares.
    package var decoder: ExternalDecoder {
        ExternalDecoder(name: name, command: command, timeout: timeout, writtenCommand: writtenCommand)
    }
}
