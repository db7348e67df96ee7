import RestRunHelperProtocol
import RestRunYAML

/// What `rest-run-grpc` said of a call's method and messages: an unknown method, the method's
/// shape (which `message:` or `messages:` must fit), and each message's problems, made into
/// diagnostics at the places they were written.
struct GRPCCheckAnswer {
    let answer: GRPCHelperAnswer

    init(_ answer: GRPCHelperAnswer) { self.answer = answer }

    /// The method's shape, when the answer has one.
    var shape: (clientStreaming: Bool, serverStreaming: Bool)? {
        answer.method.map { ($0.clientStreaming, $0.serverStreaming) }
    }

    /// The problems as sentences at the places they were written in the request file.
    func diagnostics(for call: GRPCCall, written: (key: String, keyNode: Node)?) -> [Diagnostic] {
        if let unknown = answer.unknownMethod {
            var message = unknown.message
            if let suggestion = Suggestion.closest(to: unknown.name, in: unknown.candidates) {
                message += " (did you mean \(suggestion)?)"
            }
            return [Diagnostic(message, at: call.methodLocation)]
        }
        if let failure = answer.failure {
            return [Diagnostic(failure.message, at: call.methodLocation)]
        }
        var diagnostics: [Diagnostic] = []
        if let shape {
            let place = written.map { call.source.location($0.keyNode.mark) } ?? call.messagesKeyLocation ?? call.location
            let kind = Self.kind(shape)
            if shape.clientStreaming, written?.key == "message" || (written == nil && !call.sendsStream && call.messagesKeyLocation != nil) {
                diagnostics.append(Diagnostic("\(call.method) is a \(kind) method: send its messages with 'messages:', a list", at: place))
            } else if !shape.clientStreaming, call.sendsStream {
                diagnostics.append(Diagnostic("\(call.method) is a \(kind) method: it takes one message, 'message:', not 'messages:'", at: place))
            }
        }
        for problem in answer.problems ?? [] {
            var message = problem.text
            if let unknown = problem.unknown, let suggestion = Suggestion.closest(to: unknown.name, in: unknown.candidates) {
                message += " (did you mean \(suggestion)?)"
            }
            let index = problem.message
            let steps = problem.path
            let atKey = problem.atKey
            if call.messageNodes.indices.contains(index) {
                let node = Self.locate(steps, atKey: atKey, in: call.messageNodes[index])
                diagnostics.append(Diagnostic(message, at: call.source.location(node.mark)))
            } else {
                let prefix = call.sendsStream ? "message \(index + 1)" : "the message"
                let path = steps.map { $0.string ?? $0.text }.joined(separator: ".")
                diagnostics.append(Diagnostic("\(prefix)\(path.isEmpty ? "" : " at \(path)"): \(message)", at: call.messagesKeyLocation ?? call.location))
            }
        }
        return diagnostics
    }

    static func kind(_ shape: (clientStreaming: Bool, serverStreaming: Bool)) -> String {
        switch (shape.clientStreaming, shape.serverStreaming) {
        case (false, false): "unary"
        case (false, true): "server-streaming"
        case (true, false): "client-streaming"
        case (true, true): "bidirectional-streaming"
        }
    }

    /// The deepest node `steps` reach from `root`: a member's value (or its key, for an unknown
    /// field), an item.
    static func locate(_ steps: [JSONValue], atKey: Bool, in root: Node) -> Node {
        var node = root
        for (position, step) in steps.enumerated() {
            let current = node
            if let key = step.string, let pairs = current.pairs,
               let pair = pairs.first(where: { $0.key.scalarText == key }) {
                node = atKey && position == steps.count - 1 ? pair.key : pair.value
            } else if let index = step.integer, let items = current.items, items.indices.contains(index) {
                node = items[index]
            } else {
                break
            }
        }
        return node
    }
}
