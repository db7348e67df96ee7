import OrderedCollections
import RestRunYAML

/// Reads a request's `mcp:` and its MCP expectations, and checks the call against what the
/// server listed when the file loaded: the tool or prompt exists, and written arguments match the
/// tool's `inputSchema` (or name the prompt's required arguments). Each problem is reported where
/// it was written.
struct MCPLoader {
    let context: LoadContext
    let server: MCPServerContext?

    static let operationKeys = ["tool", "list", "resource", "prompt", "method", "initialize"]
    static let keys = operationKeys + ["arguments", "params", "validate"]
    /// The `expect:` keys of an MCP request.
    static let expectKeys = ["mcp_error", "rpc_error", "notifications"]

    func load(_ node: Node) -> MCPCall? {
        guard let entries = context.mapping(node, "'mcp'", allowed: Self.keys) else { return nil }
        let operations = entries.filter { Self.operationKeys.contains($0.key) }
        guard operations.count == 1, let written = operations.first else {
            context.error(
                operations.isEmpty ? "'mcp' needs one of: " + Self.operationKeys.joined(separator: ", ")
                    : "'mcp' asks one thing: '\(operations[0].key)' or '\(operations[1].key)', not both", at: node)
            return nil
        }
        guard let server else {
            context.error("an 'mcp:' request needs the file's 'mcp_server:' (a command: or a url:)", at: node)
            return nil
        }
        let operation: MCPCall.Question
        let value = context.expanded(written.node)
        switch written.key {
        case "tool", "prompt", "method":
            guard let name = context.string(value, "'\(written.key)'"), !name.isEmpty else { return nil }
            operation = written.key == "tool" ? .tool(name) : written.key == "prompt" ? .prompt(name) : .method(name)
        case "list":
            guard let text = context.string(value, "'list'") else { return nil }
            guard let kind = MCPListKind(rawValue: text) else {
                var message = "'list' lists one of: " + MCPListKind.allCases.map(\.rawValue).joined(separator: ", ")
                if let suggestion = Suggestion.closest(to: text, in: MCPListKind.allCases.map(\.rawValue)) { message += " (did you mean '\(suggestion)'?)" }
                context.error(message, at: value)
                return nil
            }
            operation = .list(kind)
        case "resource":
            guard let uri = context.template(value, "'resource'") else { return nil }
            operation = .resource(uri)
        default:
            operation = .initialize
        }
        var call = MCPCall(operation: operation, server: server, location: context.location(node))
        var argumentsNode: Node?
        for entry in entries {
            switch entry.key {
            case "arguments", "params":
                let wanted = if case .method = operation { "params" } else { "arguments" }
                let takes: Bool = switch operation { case .tool, .prompt, .method: true; default: false }
                guard takes, entry.key == wanted else {
                    context.error(takes ? "this request takes '\(wanted)', not '\(entry.key)'" : "'\(written.key)' takes no '\(entry.key)'", at: entry.keyNode)
                    continue
                }
                let expanded = context.expanded(entry.node)
                guard expanded.pairs != nil || (expanded.scalarText?.contains("{{") ?? false) else {
                    context.error("'\(entry.key)' is a mapping of names to values", at: expanded)
                    continue
                }
                call.arguments = context.valueTemplate(expanded)
                argumentsNode = expanded
            case "validate":
                call.validates = context.bool(entry.node, "'validate'") ?? true
            default: break
            }
        }
        check(&call, name: written, arguments: argumentsNode)
        return call
    }

    /// Checks the tool or prompt against what the server listed.
    private func check(_ call: inout MCPCall, name written: (key: String, node: Node, keyNode: Node), arguments: Node?) {
        guard case let .success(catalog)? = server?.catalog else { return }
        switch call.operation {
        case let .tool(name):
            guard let tool = catalog.tools[name] else {
                if catalog.hasTools, catalog.toolsProblem == nil { reportUnknown("tool", name, among: catalog.tools.keys, at: written.node) }
                return
            }
            call.tool = tool
            guard call.validates, let schema = tool.input else { return }
            let template = call.arguments ?? .value(.object([:]))
            guard let value = Self.literal(template) else { return }
            call.argumentsChecked = true
            let failures = schema.failures(value)
            guard let first = failures.first else { return }
            context.error(
                "the arguments of '\(name)' do not match its inputSchema: \(Self.argumentsPath(first.instancePath)): \(first.keyword): \(first.message)",
                at: arguments.map { Self.node(at: first.instancePath, in: $0) } ?? written.node,
                notes: failures.dropFirst().map { "\(Self.argumentsPath($0.instancePath)): \($0.keyword): \($0.message)" }
                    + ["to send them anyway (a deliberately bad call), write validate: false"])
        case let .prompt(name):
            guard let prompt = catalog.prompts[name] else {
                if catalog.hasPrompts, catalog.promptsProblem == nil { reportUnknown("prompt", name, among: catalog.prompts.keys, at: written.node) }
                return
            }
            call.prompt = prompt
            guard call.validates else { return }
            let given = Set(arguments?.pairs?.compactMap { $0.key.scalarText } ?? [])
            let missing = prompt.required.filter { !given.contains($0) }
            if !missing.isEmpty, arguments == nil || arguments?.pairs != nil {
                context.error(
                    "the prompt '\(name)' needs the argument\(missing.count == 1 ? "" : "s") " + missing.map { "'\($0)'" }.joined(separator: ", "),
                    at: arguments ?? written.node, notes: ["its arguments: " + prompt.arguments.joined(separator: ", ")])
            }
            call.argumentsChecked = true
        default:
            break
        }
    }

    /// A tool or prompt the server does not list, with the closest name it does.
    private func reportUnknown(_ what: String, _ name: String, among names: some Collection<String>, at node: Node) {
        var message = "\(server?.address.described ?? "the MCP server") has no \(what) '\(name)'"
        if let suggestion = Suggestion.closest(to: name, in: names) { message += " (did you mean '\(suggestion)'?)" }
        context.error(message, at: node, notes: ["its \(what)s: " + names.sorted().joined(separator: ", ")])
    }

    /// The value when it holds no template.
    static func literal(_ template: ValueTemplate) -> DecodedValue? {
        switch template {
        case let .value(value): return value
        case .template: return nil
        case let .array(items):
            var values: [DecodedValue] = []
            for item in items {
                guard let value = literal(item) else { return nil }
                values.append(value)
            }
            return .array(values)
        case let .object(members):
            var values = OrderedDictionary<String, DecodedValue>()
            for (key, member) in members {
                guard let value = literal(member) else { return nil }
                values[key] = value
            }
            return .object(values)
        }
    }

    /// The keys and indexes of a normalized path: `$.data[2]['a b']` is data, 2, a b.
    static func steps(of path: String) -> [String] {
        var steps: [String] = []
        var rest = Substring(path.hasPrefix("$") ? String(path.dropFirst()) : path)
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                steps.append(String(rest[..<end]))
                rest = rest[end...]
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { break }
                var inner = rest[rest.index(after: rest.startIndex)..<close]
                if inner.hasPrefix("'"), inner.hasSuffix("'"), inner.count >= 2 { inner = inner.dropFirst().dropLast() }
                steps.append(String(inner))
                rest = rest[rest.index(after: close)...]
            } else {
                break
            }
        }
        return steps
    }

    /// A path in the arguments, as the user reads it: `arguments.title`.
    static func argumentsPath(_ instancePath: String) -> String {
        "arguments" + instancePath.dropFirst()
    }

    /// The node a schema failure's path leads to, as far as it goes.
    static func node(at instancePath: String, in root: Node) -> Node {
        var node = root
        for step in steps(of: instancePath) {
            if let pairs = node.pairs, let pair = pairs.first(where: { $0.key.scalarText == step }) {
                node = pair.value
            } else if let items = node.items, let index = Int(step), items.indices.contains(index) {
                node = items[index]
            } else {
                break
            }
        }
        return node
    }
}

extension MCPLoader {
    /// `expect: {mcp_error:, rpc_error:, notifications:}` of an MCP request.
    func loadExpectations(_ expect: Node?, into call: inout MCPCall) {
        guard let expect, let pairs = context.expanded(expect).pairs else { return }
        let expectations = ExpectationLoader(context: context)
        for pair in pairs {
            switch pair.key.scalarText {
            case "mcp_error":
                guard let flag = context.bool(pair.value, "'mcp_error'") else { continue }
                call.expectsToolError = flag
                call.toolErrorLocation = context.location(pair.key)
            case "rpc_error":
                var expected = MCPExpectedError(location: context.location(pair.key))
                let value = context.expanded(pair.value)
                if case .integer? = value.scalarValue {
                    expected.code = context.integer(value, "'rpc_error'")
                } else if let entries = context.mapping(value, "'rpc_error'", allowed: ["code", "message"]) {
                    for entry in entries {
                        if entry.key == "code" { expected.code = context.integer(entry.node, "'code'") }
                        if entry.key == "message" { expected.message = expectations.predicate(entry.node, operands: .text) }
                    }
                } else {
                    continue
                }
                call.expectedError = expected
            case "notifications":
                context.forEachEntry(pair.value, "'notifications'") { path, predicateNode, pathNode in
                    guard let jsonPath = expectations.parsePath(path, node: pathNode),
                        let predicate = expectations.predicate(predicateNode, operands: .json) else { return }
                    call.notificationChecks.append((jsonPath, predicate, context.location(pathNode)))
                }
            default:
                break
            }
        }
    }

    /// `mcp_error:`, `rpc_error:` or `notifications:` on a request that is not an MCP request.
    static func reportStrayExpectations(_ expect: Node, context: LoadContext) {
        guard let pairs = expect.pairs else { return }
        for pair in pairs {
            guard let key = pair.key.scalarText, let first = key.utf8.first, first == UInt8(ascii: "m") || first == UInt8(ascii: "r") || first == UInt8(ascii: "n"),
                expectKeys.contains(key) else { continue }
            context.error("'\(key)' checks an MCP request: this request has no 'mcp:'", at: pair.key)
        }
    }
}
