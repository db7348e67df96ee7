public import RestRunYAML

/// Loads request files: YAML text to a `RequestFile`, every key checked, every template parsed and
/// every variable name checked, with all of a file's errors collected before anything is sent.
public struct RequestFileLoader: Sendable {
    /// The environment `${NAME}` reads.
    public var environment: [String: String]
    /// The decoder names `decode:` may use.
    public var decoderNames: [String]
    /// Variables that exist before the file's own: `--var`, `--vars-file`, `mock_url`.
    public var predefinedVariables: Set<String>

    /// The keys a file may have at the top level.
    public static let fileKeys = ["name", "base_url", "variables", "headers", "options", "requests"]
    /// Contract keys this version does not run yet.
    static let pendingFileKeys = ["decoders", "include", "auth"]

    /// Creates a loader.
    public init(environment: [String: String] = [:], decoderNames: [String] = DecoderRegistry.builtIn.names, predefinedVariables: Set<String> = []) {
        self.environment = environment
        self.decoderNames = decoderNames
        self.predefinedVariables = predefinedVariables
    }

    /// Reads and loads the file at `path`.
    public func load(path: String) throws(DiagnosticList) -> RequestFile {
        let text: String
        do {
            text = try FileSystem.readText(path)
        } catch {
            throw DiagnosticList([Diagnostic(error.message)])
        }
        return try load(text: text, path: path)
    }

    /// Loads a file's text; `path` is used for messages and the default name.
    public func load(text: String, path: String) throws(DiagnosticList) -> RequestFile {
        let source = SourceText(path: path, text: text)
        let root: Node
        do {
            root = try YAMLParser.parse(text)
        } catch {
            throw DiagnosticList([Diagnostic(error.message, at: source.location(error.mark))])
        }
        let context = LoadContext(source: source, templateParser: TemplateParser(environment: environment))
        let file = loadFile(root, context: context)
        VariableCheck(predefined: predefinedVariables).check(file, context: context)
        guard context.diagnostics.isEmpty, let file else { throw DiagnosticList(context.diagnostics) }
        return file
    }

    private func loadFile(_ root: Node, context: LoadContext) -> RequestFile? {
        guard root.pairs != nil else {
            context.error("a request file must be a mapping with 'requests', found \(root.kindDescription)", at: root)
            return nil
        }
        guard let entries = context.mapping(root, "the request file", allowed: Self.fileKeys, notYet: Self.pendingFileKeys) else {
            return nil
        }
        let defaultName = Self.defaultName(for: context.source.path)
        var file = RequestFile(path: context.source.path, name: defaultName)
        var requestsNode: Node?
        for (key, node, _) in entries {
            switch key {
            case "name": file.name = context.string(node, "'name'") ?? defaultName
            case "base_url": file.baseURL = context.template(node, "'base_url'")
            case "variables": file.variables = loadVariables(node, context: context)
            case "headers": file.headers = loadHeaders(node, "'headers'", context: context)
            case "options": file.options = OptionsLoader(context: context).load(node, "'options'")
            case "requests": requestsNode = node
            default: break
            }
        }
        guard let requestsNode else {
            context.error("a request file needs 'requests': a list of requests", at: root)
            return file
        }
        guard let items = requestsNode.items else {
            context.error("'requests' must be a list, found \(requestsNode.kindDescription)", at: requestsNode)
            return file
        }
        let loader = DeclaredRequestLoader(context: context, decoderNames: decoderNames)
        file.requests = items.enumerated().compactMap { index, item in loader.load(item, index: index) }
        return file
    }

    private func loadVariables(_ node: Node, context: LoadContext) -> [(name: String, value: ValueTemplate)] {
        guard let entries = context.entries(node, "'variables'") else { return [] }
        return entries.compactMap { key, value, keyNode in
            guard TemplateParser.isVariableName(key) else {
                context.error("'\(key)' is not a variable name: use letters, digits, '_', '-' and '.'", at: keyNode)
                return nil
            }
            return (key, context.valueTemplate(value))
        }
    }

    static func defaultName(for path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".yaml", ".yml"] where file.hasSuffix(suffix) { return String(file.dropLast(suffix.count)) }
        return file
    }
}

/// Reads a `headers:` mapping: names to templates, `null` to remove.
func loadHeaders(_ node: Node, _ what: String, context: LoadContext) -> [HeaderTemplate] {
    guard let entries = context.entries(node, what) else { return [] }
    return entries.compactMap { name, value, keyNode in
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }) else {
            context.error("'\(name)' is not a valid header name", at: keyNode)
            return nil
        }
        if value.isNull { return HeaderTemplate(name: name, value: nil, location: context.location(keyNode)) }
        guard let template = context.template(value, "the value of header '\(name)'") else { return nil }
        return HeaderTemplate(name: name, value: template, location: context.location(keyNode))
    }
}
