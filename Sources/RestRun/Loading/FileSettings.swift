import RestRunYAML

/// The settings a request file or an included file gives: base URL, variables, headers (with
/// `auth:`), options. Included settings come first; the including file's own win.
struct FileSettings {
    var baseURL: Template?
    var variables: [(name: String, value: ValueTemplate)] = []
    var headers: [HeaderTemplate] = []
    var options = RequestOptions()
    var decoders: [DecoderDeclaration] = []
    /// Decoders declared with a mistake (already reported): `decode:` may still name them
    /// without an "unknown decoder" error on top.
    var brokenDecoderNames: [String] = []
    var contract: OpenAPIContract?
    /// The kinds' own settings.
    var kinds = KindFileSettings()
    var load: LoadSettings?

    /// `openapi: {spec, strict}`'s keys.
    static let openAPIKeys = ["spec", "strict"]
    /// An external decoder's keys.
    static let decoderKeys = ["command", "timeout"]

    /// Reads one settings key of a file.
    mutating func read(_ key: String, _ node: Node, keyNode: Node, context: LoadContext) {
        switch key {
        case "base_url": baseURL = context.template(node, "'base_url'")
        case "variables": variables = Self.variables(node, context: context)
        // `auth:` may have been read already: its header stays, after the listed ones.
        case "headers": headers = loadHeaders(node, "'headers'", context: context) + headers
        case "auth":
            if let auth = AuthLoader.load(node, context: context) {
                headers.append(HeaderTemplate(auth: auth, location: context.location(keyNode)))
            }
        case "options": options = OptionsLoader(context: context).load(node, "'options'")
        case "decoders": decoders = Self.decoders(node, context: context, broken: &brokenDecoderNames)
        case "openapi": contract = Self.contract(node, context: context)
        case "load": load = LoadSettings.read(node, context: context)
        default: kinds.read(key, node, context: context)
        }
    }

    /// These settings over `base`: a variable or header given here replaces the same name there.
    func merged(over base: FileSettings) -> FileSettings {
        var result = base
        if let baseURL { result.baseURL = baseURL }
        let ownVariables = Set(variables.map(\.name))
        result.variables = base.variables.filter { !ownVariables.contains($0.name) } + variables
        let ownHeaders = Set(headers.map { $0.name.lowercased() })
        result.headers = base.headers.filter { !ownHeaders.contains($0.name.lowercased()) } + headers
        result.options = options.applying(defaults: base.options)
        let ownDecoders = Set(decoders.map(\.name))
        result.decoders = base.decoders.filter { !ownDecoders.contains($0.name) } + decoders
        result.brokenDecoderNames = base.brokenDecoderNames + brokenDecoderNames
        if let contract { result.contract = contract }
        if let load { result.load = load }
        result.kinds = kinds.merged(over: base.kinds)
        return result
    }

    /// `openapi: specs/api.yaml` or `openapi: {spec: specs/api.yaml, strict: true}`.
    private static func contract(_ node: Node, context: LoadContext) -> OpenAPIContract? {
        var pathNode = node
        var strict = false
        if node.pairs != nil {
            guard let fields = context.mapping(node, "'openapi'", allowed: Self.openAPIKeys) else { return nil }
            guard let spec = fields.first(where: { $0.key == "spec" }) else {
                context.error("'openapi' needs 'spec': the path of an OpenAPI 3.0 or 3.1 file", at: node)
                return nil
            }
            pathNode = spec.node
            if let flag = fields.first(where: { $0.key == "strict" }) { strict = context.bool(flag.node, "'strict'") ?? false }
        }
        guard let written = context.string(pathNode, "'openapi'") else { return nil }
        if let scheme = SchemaURI(written).scheme, scheme.count > 1 {
            context.error("specs are read from files: rest-run never fetches '\(written)'; save it and name its path", at: pathNode)
            return nil
        }
        let path = FileSystem.path(written, relativeTo: context.source.path)
        do throws(DiagnosticList) {
            return OpenAPIContract(spec: try context.schemas.spec(path: path), strict: strict)
        } catch {
            context.append(error, readFor: pathNode, because: "the spec of")
            return nil
        }
    }

    /// `decoders: {Name: {command: [program, args...], timeout: 5s}}`
    private static func decoders(_ node: Node, context: LoadContext, broken: inout [String]) -> [DecoderDeclaration] {
        guard let entries = context.entries(node, "'decoders'") else { return [] }
        var result: [DecoderDeclaration] = []
        for (name, value, nameNode) in entries {
            let errorsBefore = context.diagnostics.count
            defer { if context.diagnostics.count > errorsBefore { broken.append(name) } }
            guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                context.error("'\(name)' cannot name a decoder: use a type name without spaces", at: nameNode)
                continue
            }
            guard let fields = context.mapping(value, "decoder '\(name)'", allowed: Self.decoderKeys) else { continue }
            var command: [String] = []
            var timeout = Duration.seconds(10)
            var commandNode: Node?
            for (key, field, _) in fields {
                if key == "timeout" {
                    timeout = context.duration(field, "'timeout'") ?? timeout
                } else if let items = field.items, !items.isEmpty {
                    command = items.compactMap { context.string($0, "a word of the command") }
                    commandNode = field
                } else {
                    context.error("'command' must be a non-empty list: [program, arguments...]", at: field)
                }
            }
            guard let program = command.first, let commandNode else {
                if commandNode == nil, !fields.contains(where: { $0.key == "command" }) {
                    context.error("decoder '\(name)' needs a 'command': [program, arguments...]", at: value)
                }
                continue
            }
            let written = command.joined(separator: " ")
            if !program.contains("/"), FileSystem.executableOnPath(program) == nil {
                context.error("no program '\(program)' on the PATH for decoder '\(name)'", at: commandNode,
                              notes: ["install it, or give its path: command: [./tools/\(program), ...]"])
                continue
            }
            if program.contains("/") {
                let resolved = FileSystem.path(program, relativeTo: context.source.path)
                guard FileSystem.isExecutable(resolved) else {
                    context.error("no executable '\(program)' (looked for \(resolved), relative to the request file)", at: commandNode)
                    continue
                }
                command[0] = resolved
            }
            var declaration = DecoderDeclaration(
                name: name, command: command, timeout: timeout, file: context.source.path, location: context.location(nameNode))
            declaration.writtenCommand = written
            result.append(declaration)
        }
        return result
    }

    private static func variables(_ node: Node, context: LoadContext) -> [(name: String, value: ValueTemplate)] {
        guard let entries = context.entries(node, "'variables'") else { return [] }
        return entries.compactMap { key, value, keyNode in
            guard TemplateParser.isVariableName(key) else {
                context.error("'\(key)' is not a variable name: use letters, digits, '_', '-' and '.'", at: keyNode)
                return nil
            }
            return (key, context.valueTemplate(value))
        }
    }
}
