import RestRun

/// Registers `Articles` so a request file can say `decode: Articles`, and signs every request.
public struct ArticlesPlugin: RestRunPlugin {
    /// Creates the plugin.
    public init() {}

    /// One line per type: the decoder is found by the type's name.
    public func register(decoders: inout DecoderRegistry) throws {
        try decoders.register(Articles.self)
    }

    /// A header provider that adds a client id to every request.
    public func networkingDelegates() -> [any NetworkingDelegate] {
        [HeaderProvider { _ in [("X-Client", "articles-run")] }]
    }
}
