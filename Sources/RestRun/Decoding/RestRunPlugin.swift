/// What a Swift package adds to its own rest-run runner: decoders registered by type name, and
/// networking delegates (a header provider that signs requests, say).
///
/// ```swift
/// struct MyPlugin: RestRunPlugin {
///     func register(decoders: inout DecoderRegistry) throws {
///         try decoders.register(MyFormatDecoder())
///     }
/// }
/// await RestRunCommand.main(plugins: [MyPlugin()])
/// ```
public protocol RestRunPlugin: Sendable {
    /// Adds decoders; a name that is already taken is an error.
    func register(decoders: inout DecoderRegistry) throws
    /// Delegates added to every file's networker, after the built-in header delegate.
    func networkingDelegates() -> [any NetworkingDelegate]
}

extension RestRunPlugin {
    /// Adds none.
    public func register(decoders: inout DecoderRegistry) throws {}
    /// Adds none.
    public func networkingDelegates() -> [any NetworkingDelegate] { [] }
}
