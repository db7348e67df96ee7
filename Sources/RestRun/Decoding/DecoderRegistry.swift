/// The decoders a run knows, by type name. A value type: build it, then hand it to the runner.
public struct DecoderRegistry: Sendable {
    /// Where a decoder came from, for `rest-run decoders`.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        /// Shipped with rest-run.
        case builtIn
        /// Registered by a Swift package that builds its own runner.
        case plugin
        /// Declared in a request file's `decoders:` as an external command.
        case file(String)

        /// `built-in`, `Swift plugin`, or `file PATH`.
        public var description: String {
            switch self {
            case .builtIn: "built-in"
            case .plugin: "Swift plugin"
            case let .file(path): "file \(path)"
            }
        }
    }

    /// One registered decoder.
    public struct Entry: Sendable {
        /// The name a request file uses.
        public var name: String
        /// The decoder.
        public var decoder: any ResponseDecoder
        /// Where it came from.
        public var origin: Origin
    }

    /// A registration or lookup that failed.
    public struct Clash: Error, Sendable, Equatable, CustomStringConvertible {
        /// One sentence.
        public var message: String
        /// The name that was already taken, when that was the problem.
        public var takenName: String?
        /// The sentence.
        public var description: String { message }
    }

    private var entries: [String: Entry] = [:]
    /// The plugin whose `register(decoders:)` is running, and which plugin registered each name.
    private var registeringPlugin: String?
    private var pluginOwners: [String: String] = [:]

    /// An empty registry.
    public init() {}

    /// A registry with the built-in decoders: `JSON`, `Text`, `Bytes`, `JSONAPI`.
    public static var builtIn: DecoderRegistry {
        var registry = DecoderRegistry()
        for decoder in [JSONResponseDecoder(), TextResponseDecoder(), BytesResponseDecoder(), JSONAPIResponseDecoder()] as [any ResponseDecoder] {
            registry.entries[type(of: decoder).typeName] = Entry(name: type(of: decoder).typeName, decoder: decoder, origin: .builtIn)
        }
        return registry
    }

    /// Registers `decoder` under `name` (by default its type name); a name already taken is an error.
    public mutating func register(_ decoder: some ResponseDecoder, as name: String? = nil, origin: Origin = .plugin) throws(Clash) {
        let name = name ?? type(of: decoder).typeName
        guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
            throw Clash(message: "'\(name)' cannot name a decoder: use a type name without spaces")
        }
        if let existing = entries[name] {
            if let registeringPlugin {
                let first = pluginOwners[name].map { "the plugin \($0)" } ?? "rest-run itself (a \(existing.origin) decoder)"
                throw Clash(
                    message: "the plugin \(registeringPlugin) registers a decoder named '\(name)', which \(first) registered first",
                    takenName: name)
            }
            throw Clash(message: "a decoder named '\(name)' is already registered (\(existing.origin))", takenName: name)
        }
        entries[name] = Entry(name: name, decoder: decoder, origin: origin)
        if let registeringPlugin { pluginOwners[name] = registeringPlugin }
    }

    /// Lets `plugin` register its decoders; a name that is taken fails with a sentence that names
    /// this plugin and the one that registered the name first.
    package mutating func register(_ plugin: any RestRunPlugin) throws(Clash) {
        registeringPlugin = String(describing: type(of: plugin))
        defer { registeringPlugin = nil }
        do {
            try plugin.register(decoders: &self)
        } catch let failure as Clash {
            throw failure
        } catch {
            throw Clash(message: "the plugin \(registeringPlugin ?? "") could not register its decoders: \(error)")
        }
    }

    /// The entries, sorted by name.
    public var all: [Entry] { entries.values.sorted { $0.name < $1.name } }

    /// The registered names, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// Whether a name is registered.
    public func contains(_ name: String) -> Bool { entries[name] != nil }

    /// The decoder registered under `name`; the error lists the names that are known.
    public func decoder(named name: String) throws(Clash) -> any ResponseDecoder {
        guard let entry = entries[name] else {
            throw Clash(message: Self.unknownMessage(name, known: names))
        }
        return entry.decoder
    }

    /// "unknown decoder 'X' (did you mean 'Y'?); registered: A, B, C"
    public static func unknownMessage(_ name: String, known: [String]) -> String {
        var message = "unknown decoder '\(name)'"
        if let suggestion = Suggestion.closest(to: name, in: known) { message += " (did you mean '\(suggestion)'?)" }
        return message + "; registered: " + known.joined(separator: ", ")
    }
}
