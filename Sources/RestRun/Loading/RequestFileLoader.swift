import RestRunYAML

/// Loads request files: YAML text to a `RequestFile`, every key checked, every template parsed and
/// every variable name checked, with all of a file's errors collected before anything is sent.
public struct RequestFileLoader: Sendable {
    /// The environment `${NAME}` reads.
    public var environment: [String: String]
    /// The decoder names `decode:` may use.
    public var decoderNames: [String]
    /// Variables that exist before the file's own: `--var`, `--vars-file`, `mock_url`.
    public var predefinedVariables: Set<String>
    /// Options under every file's own (`--timeout`, `--max-body`, `--insecure`). Each request's
    /// options are resolved once, here, in this order (first wins): the request's own, its file's
    /// (after the file's includes), these, then the built-in defaults.
    package var defaults = RequestOptions()
    private let references = ReferencedNames()
    /// The schemas `schema:` uses, compiled once for every file this loader loads.
    package let schemas = SchemaLibrary()

    /// Every name the files loaded so far refer to, as `{{name}}` or `${NAME}` (included files too).
    public var referencedNames: Set<String> { references.all }

    /// The keys a file may have at the top level.
    public static let fileKeys = ["name"] + settingsKeys + ["exports", "parameters", "requests"]
    /// The keys an included file may have: settings only.
    static let settingsKeys = ["include", "base_url", "variables", "headers", "auth", "options", "decoders", "openapi", "load"] + KindFileSettings.keys

    /// Creates a loader.
    public init(environment: [String: String] = [:], decoderNames: [String] = DecoderRegistry.builtIn.names, predefinedVariables: Set<String> = []) {
        self.environment = environment
        self.decoderNames = decoderNames
        self.predefinedVariables = predefinedVariables
    }

    /// Headers for every request of every file that does not set them itself (`-H`), the
    /// lowest in precedence.
    package var defaultHeaders: [(name: String, value: String)] = []
    /// The run's own variables (`--var`), which a file setting rendered as the file loads reads
    /// (an MCP server's command, say).
    package var variableValues: [String: DecodedValue] = [:]
    /// The run's `--resolve`: host names a file setting's server is reached at another address.
    package var resolve: [String: String] = [:]



    /// Reads and loads the file at `path`.
    public func load(path: String) throws(DiagnosticList) -> RequestFile {
        try load(YAMLDocument.load(path: path))
    }

    /// Loads a file's text; `path` is used for messages and the default name.
    public func load(text: String, path: String) throws(DiagnosticList) -> RequestFile {
        try load(YAMLDocument.parse(text: text, path: path))
    }

    private func load(_ document: YAMLDocument, chain: [String] = []) throws(DiagnosticList) -> RequestFile {
        let context = LoadContext(source: document.source, templateParser: TemplateParser(environment: environment, references: references), schemas: schemas)
        let file = loadFile(document.root, context: context, chain: chain)
        VariableCheck(predefined: predefinedVariables).check(file, context: context)
        guard context.diagnostics.isEmpty, let file else { throw DiagnosticList(context.diagnostics) }
        return file
    }

    private func loadFile(_ root: Node, context: LoadContext, chain: [String]) -> RequestFile? {
        guard root.pairs != nil else {
            context.error("a request file must be a mapping with 'requests', found \(root.kindDescription)", at: root)
            return nil
        }
        guard let entries = context.mapping(
            root, "the request file", allowed: Self.fileKeys, ignoresExtensions: true)
        else {
            return nil
        }
        let defaultName = Self.defaultName(for: context.source.path)
        var file = RequestFile(path: context.source.path, name: defaultName)
        let includes = entries.first { $0.key == "include" }
        let included = includes.map {
            includeSettings($0.node, context: context, chain: [FileSystem.canonicalPath(context.source.path)])
        } ?? FileSettings()
        var own = FileSettings()
        var requestsNode: Node?
        var exportsNode: Node?
        for (key, node, keyNode) in entries {
            switch key {
            case "name": file.name = context.string(node, "'name'") ?? defaultName
            case "requests": requestsNode = node
            case "exports":
                guard let names = node.items?.compactMap({ context.string($0, "an exported name") }) else {
                    context.error("'exports' must be a list of capture names, found \(node.kindDescription)", at: node)
                    continue
                }
                file.exports = names
                exportsNode = node
            case "parameters":
                guard let names = node.items?.compactMap({ context.string($0, "a parameter name") }) else {
                    context.error("'parameters' must be a list of variable names, found \(node.kindDescription)", at: node)
                    continue
                }
                file.parameters = names
                // Run on its own, a flow's parameters come from --var.
                let missing = names.filter { !predefinedVariables.contains($0) }
                if chain.isEmpty, !missing.isEmpty {
                    let list = missing.map { "'\($0)'" }.joined(separator: ", ")
                    context.error(
                        "this file is a flow: its parameter\(missing.count == 1 ? "" : "s") \(list) \(missing.count == 1 ? "has" : "have") no value",
                        at: node, notes: ["run it through 'use:' with 'with:', or give " + missing.map { "--var \($0)=VALUE" }.joined(separator: " ")])
                }
            case "include": break
            default: own.read(key, node, keyNode: keyNode, context: context)
            }
        }
        checkSingleAuthorization(own.headers, context: context)
        let settings = own.merged(over: included)
        file.baseURL = settings.baseURL
        file.variables = settings.variables
        file.headers = settings.headers
        for header in defaultHeaders where !file.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() }) {
            file.headers.append(HeaderTemplate(name: header.name, value: Template(literal: header.value)))
        }
        file.options = settings.options.applying(defaults: defaults)
        file.decoders = settings.decoders
        file.contract = settings.contract
        file.load = settings.load
        for declaration in settings.decoders where decoderNames.contains(declaration.name) {
            context.append([Diagnostic(
                "a decoder named '\(declaration.name)' is already registered; pick another name", at: declaration.location)])
        }
        guard let requestsNode else {
            context.error("a request file needs 'requests': a list of requests", at: root)
            return file
        }
        guard let items = requestsNode.items else {
            context.error("'requests' must be a list, found \(requestsNode.kindDescription)", at: requestsNode)
            return file
        }
        let loader = DeclaredExchangeLoader(
            context: context, decoderNames: decoderNames + settings.decoders.map(\.name) + settings.brokenDecoderNames,
            kindSchemas: settings.kinds.schemas(
                context: context, within: Self.shortestTimeout(file.options, items),
                scope: { [variableValues] in Scope(settings.variables, given: variableValues) }, environment: environment,
                reaching: (defaults.transport, resolve)),
            hasBaseURL: settings.baseURL != nil)
        let fileOptions = file.options
        file.steps = items.enumerated().compactMap { index, item in
            if item.pairs?.contains(where: { $0.key.scalarText == "use" }) == true {
                return loadUse(item, index: index, context: context, chain: chain + [FileSystem.canonicalPath(context.source.path)])
            }
            guard var step = loader.load(item, index: index) else { return nil }
            step.request.options = step.request.options.applying(defaults: fileOptions)
            return step
        }
        if let exportsNode {
            let captured = Set(file.steps.flatMap { $0.request.captures.map(\.name) } + file.steps.flatMap { $0.flow?.file.exports ?? [] })
            var candidates: Suggestion.Candidates?
            for name in file.exports where !captured.contains(name) {
                var message = "'\(name)' is exported, but no request of this file captures it"
                if candidates == nil { candidates = Suggestion.Candidates(captured.sorted()) }
                if let suggestion = candidates?.closest(to: name) { message += " (did you mean '\(suggestion)'?)" }
                context.error(message, at: exportsNode)
            }
        }
        return file
    }

    static let useKeys = ["use", "with", "name", "when", "for_each", "tags"]

    /// `- use: flows/login.yaml` with `with:`: the flow file loaded (its own mistakes reported
    /// with where it was used), its variables given values; a cycle of uses shows its chain.
    private func loadUse(_ node: Node, index: Int, context: LoadContext, chain: [String]) -> DeclaredStep? {
        guard let entries = context.mapping(node, "step \(index + 1) (a use of a flow)", allowed: Self.useKeys),
              let useNode = entries.first(where: { $0.key == "use" })?.node, let written = context.string(useNode, "'use'")
        else { return nil }
        let path = FileSystem.path(written, relativeTo: context.source.path)
        let canonical = FileSystem.canonicalPath(path)
        if chain.contains(canonical) {
            let cycle = (chain + [canonical]).map(Self.shortName).joined(separator: " -> ")
            context.error("use cycle: \(cycle)", at: useNode)
            return nil
        }
        guard chain.count < 16 else {
            context.error("flows use flows more than 16 deep", at: useNode)
            return nil
        }
        let flow: RequestFile
        do throws(DiagnosticList) {
            flow = try load(YAMLDocument.load(path: path), chain: chain)
        } catch {
            context.append(error, readFor: useNode, because: "used from")
            return nil
        }
        var arguments: [(name: String, value: ValueTemplate)] = []
        let declared = flow.parameters + flow.variables.map(\.name)
        let withNode = entries.first(where: { $0.key == "with" })?.node
        let withEntries = withNode.flatMap { context.entries($0, "'with'") } ?? []
        let given = Set(withEntries.map(\.key))
        let needed = flow.parameters.filter { !given.contains($0) && !predefinedVariables.contains($0) }
        if !needed.isEmpty {
            let list = needed.map { "'\($0)'" }.joined(separator: ", ")
            context.error(
                "the flow '\(written)' needs \(list) (parameter\(needed.count == 1 ? "" : "s") with no default)",
                at: withNode ?? useNode, notes: ["give " + (needed.count == 1 ? "it" : "them") + " under 'with:'"])
        }
        let declaredNames = Set(declared)
        var candidates: Suggestion.Candidates?
        for (name, value, nameNode) in withEntries {
            guard declaredNames.contains(name) else {
                var message = "the flow '\(written)' has no variable '\(name)'"
                if candidates == nil { candidates = Suggestion.Candidates(declared) }
                if let suggestion = candidates?.closest(to: name) { message += " (did you mean '\(suggestion)'?)" }
                context.error(message, at: nameNode, notes: declared.isEmpty ? ["it declares no variables"] : ["its variables: " + declared.joined(separator: ", ")])
                continue
            }
            arguments.append((name, context.valueTemplate(value)))
        }
        var step = DeclaredExchange(name: flow.name, location: context.location(node), url: Template(literal: written, location: context.location(useNode)))
        var conditions: [WhenCondition] = []
        var iteration: Iteration?
        for (key, value, _) in entries {
            switch key {
            case "name": step.name = context.string(value, "'name'") ?? flow.name
            case "tags": step.tags = value.items?.compactMap { context.string($0, "a tag") } ?? []
            case "when", "for_each":
                // Read as a request reads them.
                let loader = DeclaredExchangeLoader(context: context, decoderNames: decoderNames)
                if key == "when" { conditions = loader.conditions(value) } else { iteration = loader.iteration(value) }
            default: break
            }
        }
        let use = FlowUse(written: written, file: flow, arguments: arguments)
        return DeclaredStep(step, governance: DeclaredStep.Governance(flow: use, conditions: conditions, iteration: iteration))
    }

    /// Reads the files an `include:` lists, in order, each after its own includes.
    private func includeSettings(_ node: Node, context: LoadContext, chain: [String]) -> FileSettings {
        let items: [Node]
        if let list = node.items {
            items = Array(list)
        } else if node.scalarText != nil {
            items = [node]
        } else {
            context.error("'include' must be a path or a list of paths, found \(node.kindDescription)", at: node)
            return FileSettings()
        }
        var settings = FileSettings()
        for item in items {
            guard let relative = context.string(item, "an included path") else { continue }
            let path = FileSystem.path(relative, relativeTo: context.source.path)
            let canonical = FileSystem.canonicalPath(path)
            if chain.contains(canonical) {
                let cycle = (chain + [canonical]).map(Self.shortName).joined(separator: " -> ")
                context.error("include cycle: \(cycle)", at: item)
                continue
            }
            guard chain.count < 32 else {
                context.error("includes nest deeper than 32 files", at: item)
                continue
            }
            guard FileSystem.exists(path) else {
                context.error("no file '\(relative)' to include (looked for \(path), relative to the including file)", at: item)
                continue
            }
            if let problem = FileSystem.readableFileProblem(path) {
                context.error("cannot include '\(relative)': \(problem)", at: item)
                continue
            }
            let document: YAMLDocument
            do {
                document = try YAMLDocument.load(path: path)
            } catch {
                // Where the included file cannot even be read, say so at the include's line too.
                let unlocated = error.diagnostics.filter { $0.location == nil }
                if !unlocated.isEmpty {
                    context.error(unlocated.map(\.message).joined(separator: "; "), at: item)
                }
                context.append(error.diagnostics.filter { $0.location != nil })
                continue
            }
            let root = document.root
            let includedContext = LoadContext(source: document.source, templateParser: context.templateParser, schemas: schemas)
            let allowed = Self.settingsKeys
            let what = "an included file (it holds settings only)"
            if let entries = includedContext.mapping(root, what, allowed: allowed) {
                var own = FileSettings()
                var nested = FileSettings()
                for (key, value, keyNode) in entries {
                    if key == "include" {
                        nested = includeSettings(value, context: includedContext, chain: chain + [canonical])
                    } else {
                        own.read(key, value, keyNode: keyNode, context: includedContext)
                    }
                }
                checkSingleAuthorization(own.headers, context: includedContext)
                settings = own.merged(over: nested).merged(over: settings)
            }
            context.append(includedContext.diagnostics)
        }
        return settings
    }

    private static func shortName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
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
        guard HeaderName.isValid(name) else {
            context.error("'\(name)' is not a valid header name", at: keyNode)
            return nil
        }
        if value.isNull { return HeaderTemplate(name: name, value: nil, location: context.location(keyNode)) }
        guard let template = context.template(value, "the value of header '\(name)'") else { return nil }
        return HeaderTemplate(name: name, value: template, location: context.location(keyNode))
    }
}

extension RequestFileLoader {
    /// The shortest timeout a file's requests may run with, as written (the file's options, the
    /// run's, a request's own): what the kinds' file-level work for them may wait at most.
    static func shortestTimeout(_ options: RequestOptions, _ items: some Sequence<Node>) -> Duration? {
        var shortest = options.transport.timeout
        for timeout in items.compactMap(writtenTimeout) { shortest = min(shortest ?? timeout, timeout) }
        return shortest
    }

    /// The `options: { timeout: }` a request's node has, as written, when it is a duration above
    /// zero (its errors are reported where the options are read).
    static func writtenTimeout(of item: Node) -> Duration? {
        guard let options = item.pairs?.first(where: { $0.key.scalarText == "options" })?.value,
              let written = options.pairs?.first(where: { $0.key.scalarText == "timeout" })?.value.scalarText,
              let timeout = DurationText.parse(written), timeout > .zero else { return nil }
        return timeout
    }
}
