import RestRunHelperProtocol
import RestRunYAML
import OrderedCollections

/// Reads a request's `grpc: {method, message | messages}` and a file's `proto:`, `import_paths:`
/// and `protoset:`; with a schema, checks the method and every message when the file loads, each
/// problem reported where it was written.
struct GRPCLoader {
    let context: LoadContext
    let schema: GRPCSchema?
    /// How long the check of a call's messages may wait for the helper.
    var checkLimit = GRPCHelper.loadLimit

    static let keys = ["method", "message", "messages"]
    /// The file keys that declare a schema.
    static let fileKeys = ["proto", "import_paths", "protoset"]

    func load(_ node: Node) -> GRPCCall? {
        guard let entries = context.mapping(node, "'grpc'", allowed: Self.keys) else { return nil }
        guard let methodEntry = entries.first(where: { $0.key == "method" }) else {
            context.error("'grpc' needs a 'method': package.Service/Method", at: node)
            return nil
        }
        guard let method = context.string(methodEntry.node, "'method'") else { return nil }
        let trimmed = method.hasPrefix("/") ? String(method.dropFirst()) : method
        guard trimmed.contains("/") || trimmed.contains(".") else {
            context.error("'method' names a method as package.Service/Method, found '\(method)'", at: methodEntry.node)
            return nil
        }
        var call = GRPCCall(
            method: trimmed, messages: [], sendsStream: false, schema: schema, location: context.location(node),
            messageNodes: [], source: context.source, methodLocation: context.location(methodEntry.node))
        let single = entries.first { $0.key == "message" }
        let stream = entries.first { $0.key == "messages" }
        if single != nil, let stream {
            context.error("a call sends 'message' (unary and server streaming) or 'messages' (client and bidirectional streaming), not both", at: stream.keyNode)
            return nil
        }
        var checkedValues: [DecodedValue] = []
        if let single {
            let value = context.expanded(single.node)
            call.messages = [context.valueTemplate(value)]
            call.messageNodes = [value]
            call.messagesKeyLocation = context.location(single.keyNode)
            checkedValues = [Self.checkedValue(call.messages[0])]
        } else if let stream {
            let value = context.expanded(stream.node)
            call.sendsStream = true
            call.messagesKeyLocation = context.location(stream.keyNode)
            if let items = value.items {
                call.messageNodes = items.map(context.expanded)
                call.messages = call.messageNodes.map(context.valueTemplate)
                checkedValues = call.messages.map(Self.checkedValue)
            } else if case .template = context.valueTemplate(value) {
                call.messageList = context.valueTemplate(value)
            } else {
                context.error("'messages' must be a list of messages, or a variable that holds one (\"{{notes}}\"), found \(value.kindDescription)", at: value)
                return nil
            }
        } else {
            // No message: an empty one, as grpcurl sends, to a method that takes one.
            call.messages = [.value(.object([:]))]
            checkedValues = [.object([:])]
        }
        if let schema { check(call, values: checkedValues, schema: schema, written: single ?? stream) }
        return call
    }

    /// A message as the load-time check sees it: a template stands for any value.
    static func checkedValue(_ template: ValueTemplate) -> DecodedValue {
        switch template {
        case let .value(value): value
        case .template: .string("{{template}}")
        case let .array(items): .array(items.map(checkedValue))
        case let .object(members): .object(members.mapValues(checkedValue))
        }
    }

    private func check(_ call: GRPCCall, values: [DecodedValue], schema: GRPCSchema, written: (key: String, node: Node, keyNode: Node)?) {
        let number: Int
        do throws(GRPCSchema.Unreadable) {
            number = try schema.numberBlocking()
        } catch {
            // Reported where the schema is declared.
            return
        }
        let answer: GRPCHelperAnswer
        do throws(GRPCHelper.Unanswered) {
            answer = try GRPCHelper.askBlocking(.check(schema: number, method: call.method, messages: values.map(GRPCHelper.message)), within: checkLimit).answer
        } catch {
            context.append([Diagnostic(error.message, at: call.methodLocation)])
            return
        }
        for diagnostic in GRPCCheckAnswer(answer).diagnostics(for: call, written: written.map { ($0.key, $0.keyNode) }) {
            context.append([diagnostic])
        }
    }
}

extension GRPCLoader {
    /// `expect: {grpc_status: NOT_FOUND, grpc_message: {contains: ...}}` of a gRPC call.
    func loadExpectations(_ expect: Node?, into call: inout GRPCCall) {
        guard let expect, let pairs = context.expanded(expect).pairs else { return }
        for pair in pairs {
            switch pair.key.scalarText {
            case "grpc_status":
                let value = context.expanded(pair.value)
                guard let text = value.scalarText, value.pairs == nil, value.items == nil, let code = GRPCStatus.code(text) else {
                    var message = "'grpc_status' takes a status name such as NOT_FOUND or its number (0 to 16)"
                    if let text = value.scalarText, let suggestion = Suggestion.closest(to: text.uppercased(), in: GRPCStatus.names) {
                        message = "unknown gRPC status '\(text)' (did you mean \(suggestion)?)"
                    } else if let text = value.scalarText {
                        message = "unknown gRPC status '\(text)': use a name such as NOT_FOUND or a number from 0 to 16"
                    }
                    context.error(message, at: value)
                    continue
                }
                call.expectedStatus = code
                call.statusLocation = context.location(pair.key)
            case "grpc_message":
                call.expectedMessage = ExpectationLoader(context: context).predicate(pair.value, operands: .text)
                call.messageLocation = context.location(pair.key)
            default:
                break
            }
        }
    }

    /// `grpc_status:` or `grpc_message:` on a request that is not a gRPC call.
    static func reportStrayExpectations(_ expect: Node, context: LoadContext) {
        guard let pairs = expect.pairs else { return }
        for pair in pairs {
            // Every request's expectations pass here: most keys end at their first letter.
            guard let key = pair.key.scalarText, key.utf8.first == UInt8(ascii: "g"), ExpectationLoader.kindKeys.contains(key) else { continue }
            context.error("'\(key)' checks a gRPC call: this request has no 'grpc:'", at: pair.key)
        }
    }
}
