import RestRunYAML

/// A file's `mcp_server:` and `mcp_client:` as written: the server's command or URL, its
/// environment, folder and headers, the revision it pins, and what the client answers. Its
/// templates are rendered (variables, `--var`, the environment; no captures) before the server
/// starts, when the file loads.
struct MCPServerSetting {
    static let keys = ["command", "env", "cwd", "url", "headers", "auth", "protocol", "insecure", "ca_file"]
    static let clientKeys = ["roots", "sampling", "elicitation"]

    var command: [Template]?
    var environment: [(name: String, value: Template)] = []
    var folder: Template?
    var url: Template?
    var headers: [(name: String, value: Template)] = []
    /// `auth:`, as a request's: sent with every POST.
    var auth: AuthTemplate?
    /// `mcp_server:` as written, its texts before templates or the environment are read: what a
    /// fuzz finding copies, so that no secret is written into it.
    var written: DecodedValue = .null
    var pinnedRevision: String?
    var insecure = false
    var caFile: String?
    /// Where `mcp_server:` was written, and the file's folder (a relative `cwd` starts there).
    var location: SourceLocation?
    var fileFolder = "."
    var roots: ValueTemplate?
    var sampling: ValueTemplate?
    var elicitation: ValueTemplate?
    var clientLocation: SourceLocation?

    /// Whether the file declares a server.
    var isDeclared: Bool { location != nil }

    /// Reads `mcp_server:`.
    mutating func readServer(_ node: Node, context: LoadContext) {
        let path = context.source.path
        fileFolder = FileSystem.path(".", relativeTo: path)
        guard let entries = context.mapping(node, "'mcp_server'", allowed: Self.keys) else { return }
        let hasCommand = entries.contains { $0.key == "command" }
        let hasURL = entries.contains { $0.key == "url" }
        guard hasCommand != hasURL else {
            context.error(
                hasCommand ? "'mcp_server' has both 'command' (stdio) and 'url' (HTTP): give one" : "'mcp_server' needs 'command' (a program run over stdio) or 'url' (Streamable HTTP)",
                at: node)
            return
        }
        location = context.location(node)
        written = DecodedValue(node: context.expanded(node))
        for entry in entries {
            switch entry.key {
            case "command":
                let value = context.expanded(entry.node)
                guard let items = value.items, !items.isEmpty else {
                    context.error("'command' is a list: the program and its arguments, such as [python3, server.py]", at: value)
                    location = nil
                    return
                }
                command = items.compactMap { context.template(context.expanded($0), "an item of 'command'") }
            case "env":
                context.forEachEntry(entry.node, "'env'") { name, value, _ in
                    if let template = context.template(value, "'\(name)'") { environment.append((name, template)) }
                }
            case "cwd": folder = context.template(entry.node, "'cwd'")
            case "auth": auth = AuthLoader.load(entry.node, context: context)
            case "url": url = context.template(entry.node, "'url'")
            case "headers":
                context.forEachEntry(entry.node, "'headers'") { name, value, _ in
                    if let template = context.template(value, "'\(name)'") { headers.append((name, template)) }
                }
            case "protocol":
                guard let revision = context.string(context.expanded(entry.node), "'protocol'") else { continue }
                guard MCPSession.revisions.contains(revision) else {
                    context.error("rest-run speaks the MCP revisions \(MCPSession.revisions.joined(separator: ", ")), not '\(revision)'", at: entry.node)
                    continue
                }
                pinnedRevision = revision
            case "insecure": insecure = context.bool(entry.node, "'insecure'") ?? false
            case "ca_file": caFile = context.string(entry.node, "'ca_file'").map { FileSystem.path($0, relativeTo: path) }
            default: break
            }
        }
    }

    /// Reads `mcp_client:`.
    mutating func readClient(_ node: Node, context: LoadContext) {
        guard let entries = context.mapping(node, "'mcp_client'", allowed: Self.clientKeys) else { return }
        clientLocation = context.location(node)
        for entry in entries {
            let value = context.expanded(entry.node)
            switch entry.key {
            case "roots":
                guard value.items != nil else {
                    context.error("'roots' is a list of roots, such as [{uri: \"file:///tmp/notes\", name: notes}]", at: value)
                    continue
                }
                roots = context.valueTemplate(value)
            case "sampling":
                guard value.pairs != nil || value.items != nil else {
                    context.error("'sampling' is a sampling/createMessage result ({role, content, model}), or a list of them used in turn", at: value)
                    continue
                }
                sampling = context.valueTemplate(value)
            case "elicitation":
                let action = value.pairs?.first { $0.key.scalarText == "action" }?.value.scalarText
                guard let action, ["accept", "decline", "cancel"].contains(action) else {
                    context.error("'elicitation' is an answer: {action: accept, content: {...}}, {action: decline} or {action: cancel}", at: value)
                    continue
                }
                elicitation = context.valueTemplate(value)
            default: break
            }
        }
    }

    /// These settings over an included file's: each of `mcp_server:` and `mcp_client:` wins whole.
    func merged(over base: MCPServerSetting) -> MCPServerSetting {
        var result = isDeclared ? self : base
        if clientLocation != nil {
            result.roots = roots
            result.sampling = sampling
            result.elicitation = elicitation
            result.clientLocation = clientLocation
        } else if isDeclared {
            result.roots = base.roots
            result.sampling = base.sampling
            result.elicitation = base.elicitation
            result.clientLocation = base.clientLocation
        }
        return result
    }

    /// The server's address, its templates rendered in `scope`.
    func address(in scope: Scope) throws(Diagnostic) -> MCPServerAddress {
        var transport: MCPServerAddress.Transport
        var sendingAuth: MCPServerAuth?
        if let url {
            let rendered = try url.render(in: scope)
            guard rendered.hasPrefix("http://") || rendered.hasPrefix("https://") else {
                throw Diagnostic("an MCP server's 'url' is an http:// or https:// URL, found '\(rendered)'", at: url.location ?? location)
            }
            var rendering: [MCPHeader] = []
            for header in headers { rendering.append(MCPHeader(name: header.name, value: try header.value.render(in: scope))) }
            if let auth, let value = try auth.headerValue(in: scope) { rendering.append(MCPHeader(name: "Authorization", value: value)) }
            transport = .http(url: rendered, headers: rendering)
            sendingAuth = try auth?.requestAuth(in: scope).map(MCPServerAuth.init)
        } else {
            var words: [String] = []
            for word in command ?? [] { words.append(try word.render(in: scope)) }
            var variables: [String: String] = [:]
            for variable in environment { variables[variable.name] = try variable.value.render(in: scope) }
            let written = try folder?.render(in: scope)
            let place = written.map { FileSystem.path($0, relativeTo: fileFolder + "/.") } ?? fileFolder
            transport = .stdio(command: words, environment: variables, folder: place)
        }
        var address = MCPServerAddress(transport: transport, pinnedRevision: pinnedRevision)
        address.auth = sendingAuth
        address.insecure = insecure
        address.caFile = caFile
        return address
    }

    /// What the client answers, its templates rendered in `scope`.
    func answers(in scope: Scope) throws(Diagnostic) -> MCPClientAnswers {
        let sampled = try sampling?.resolve(in: scope)
        return MCPClientAnswers(
            roots: try roots?.resolve(in: scope).items, sampling: sampled.map { $0.items ?? [$0] } ?? [],
            elicitation: try elicitation?.resolve(in: scope))
    }
}

extension MCPServerSetting {
    /// The file's server, its templates rendered in `scope`, started, and its tools and prompts
    /// listed within `limit`; nil when the file declares none (a problem is reported where it
    /// was written). A server that cannot start is not a problem of the file: its requests fail
    /// when they run (exit 3).
    func server(
        context: LoadContext, scope: () -> Scope, environment: [String: String],
        reaching: (transport: TransportOptions, resolve: [String: String]), within limit: Duration
    ) -> MCPServerContext? {
        guard isDeclared else {
            if let clientLocation { context.append([Diagnostic("'mcp_client' answers an MCP server's requests, and the file has no 'mcp_server'", at: clientLocation)]) }
            return nil
        }
        let values = scope()
        var address: MCPServerAddress
        let answers: MCPClientAnswers
        do throws(Diagnostic) {
            address = try self.address(in: values)
            answers = try self.answers(in: values)
            // The run's --insecure and --cacert where the server says nothing, and its --resolve.
            if !insecure, reaching.transport.insecure == true { address.insecure = true }
            if caFile == nil { address.caFile = reaching.transport.caFile }
            address.resolve = reaching.resolve
        } catch {
            context.append([error])
            return nil
        }
        if case let .stdio(_, _, folder) = address.transport, !FileSystem.isDirectory(folder) {
            context.append([Diagnostic("the MCP server's folder \(folder) does not exist", at: folder == fileFolder ? location : self.folder?.location ?? location)])
            return nil
        }
        let catalog = MCPServers.catalogBlocking(address, answers: answers, environment: environment, within: limit)
        return MCPServerContext(address: address, answers: answers, environment: environment, catalog: catalog)
    }
}
