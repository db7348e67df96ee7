import RestRunYAML

/// What `rest-run-grpc` said of a call's method and messages: an unknown method, the method's
/// shape (which `message:` or `messages:` must fit), and each message's problems, made into
/// diagnostics at the places they were written.
struct GRPCCheckAnswer {
    let answer: DecodedValue

    init(_ answer: DecodedValue) { self.answer = answer }

    /// The method's shape, when the answer has one.
    var shape: (clientStreaming: Bool, serverStreaming: Bool)? {
        guard let method = GRPCHelper.member(answer, "method") else { return nil }
        return (GRPCHelper.member(method, "clientStreaming") == .bool(true), GRPCHelper.member(method, "serverStreaming") == .bool(true))
    }

    /// The problems as sentences at the places they were written in the request file.
    func diagnostics(for call: GRPCCall, written: (key: String, keyNode: Node)?) -> [Diagnostic] {
        if let unknown = GRPCHelper.member(answer, "unknownMethod") {
            var message = GRPCHelper.member(unknown, "message")?.stringValue ?? "unknown method \(call.method)"
            if let name = GRPCHelper.member(unknown, "unknown")?.stringValue, case let .array(list)? = GRPCHelper.member(unknown, "candidates"),
               let suggestion = Suggestion.closest(to: name, in: list.compactMap(\.stringValue)) {
                message += " (did you mean \(suggestion)?)"
            }
            return [Diagnostic(message, at: call.methodLocation)]
        }
        if let failure = GRPCHelper.member(answer, "failure") {
            return [Diagnostic(GRPCHelper.member(failure, "message")?.stringValue ?? "rest-run-grpc failed", at: call.methodLocation)]
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
        guard case let .array(problems)? = GRPCHelper.member(answer, "problems") else { return diagnostics }
        for problem in problems {
            var message = GRPCHelper.member(problem, "text")?.stringValue ?? "the message does not fit its type"
            if let unknown = GRPCHelper.member(problem, "unknown")?.stringValue, case let .array(list)? = GRPCHelper.member(problem, "candidates"),
               let suggestion = Suggestion.closest(to: unknown, in: list.compactMap(\.stringValue)) {
                message += " (did you mean \(suggestion)?)"
            }
            var index = 0
            if case let .integer(number)? = GRPCHelper.member(problem, "message") { index = number }
            var steps: [DecodedValue] = []
            if case let .array(path)? = GRPCHelper.member(problem, "path") { steps = path }
            let atKey = GRPCHelper.member(problem, "atKey") == .bool(true)
            if call.messageNodes.indices.contains(index) {
                let node = Self.locate(steps, atKey: atKey, in: call.messageNodes[index])
                diagnostics.append(Diagnostic(message, at: call.source.location(node.mark)))
            } else {
                let prefix = call.sendsStream ? "message \(index + 1)" : "the message"
                let path = steps.map { $0.stringValue ?? $0.jsonText }.joined(separator: ".")
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
    static func locate(_ steps: [DecodedValue], atKey: Bool, in root: Node) -> Node {
        var node = root
        for (position, step) in steps.enumerated() {
            let current = node
            if let key = step.stringValue, let pairs = current.pairs,
               let pair = pairs.first(where: { $0.key.scalarText == key }) {
                node = atKey && position == steps.count - 1 ? pair.key : pair.value
            } else if case let .integer(index) = step, let items = current.items, items.indices.contains(index) {
                node = items[index]
            } else {
                break
            }
        }
        return node
    }
}
