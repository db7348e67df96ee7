import RestRunYAML

/// Reads a request's `websocket:`, a list of one-key steps: `send` (`text`, `json` or `base64`),
/// `receive` (`expect`, `capture`, `within`), `close` (`code`, `reason`), `expect_close` (`code`).
struct WebSocketLoader {
    let context: LoadContext

    static let stepKeys = ["send", "receive", "close", "expect_close"]
    static let sendKeys = ["text", "json", "base64"]
    static let receiveKeys = ["expect", "capture", "within"]
    static let closeKeys = ["code", "reason"]
    static let expectCloseKeys = ["code", "within"]
    /// What a received message can be checked with: it is a body.
    static let messageExpectKeys = ["json", "body", "schema"]

    func load(_ written: Node) -> [WebSocketStep]? {
        let node = context.expanded(written)
        guard let items = node.items else {
            context.error("'websocket' must be a list of steps such as '- send: { text: hello }', found \(node.kindDescription)", at: node)
            return nil
        }
        var steps: [WebSocketStep] = []
        for item in items {
            guard let pairs = item.pairs, pairs.count == 1, let pair = pairs.first, let key = pair.key.scalarText else {
                context.error("each websocket step is a mapping with one key: send, receive, close or expect_close", at: item)
                continue
            }
            guard context.isAllowed(key, at: pair.key, in: "a websocket step", allowed: Self.stepKeys) else { continue }
            let location = context.location(pair.key)
            if let action = action(key, pair.value) { steps.append(WebSocketStep(action, location: location)) }
        }
        return steps
    }

    private func action(_ key: String, _ value: Node) -> WebSocketStep.Action? {
        switch key {
        case "send":
            if value.scalarText != nil, value.pairs == nil {
                return context.template(value, "'send'").map { .sendText($0) }
            }
            guard let entries = context.mapping(value, "'send'", allowed: Self.sendKeys), let (kind, node, _) = entries.first else {
                if value.pairs?.isEmpty == true { context.error("'send' needs one of text, json or base64", at: value) }
                return nil
            }
            if entries.count > 1 {
                context.error("'send' sends one message: give one of text, json or base64", at: value)
                return nil
            }
            switch kind {
            case "text": return context.template(node, "'text'").map { .sendText($0) }
            case "json": return .sendJSON(context.valueTemplate(node))
            default:
                guard let text = context.string(node, "'base64'") else { return nil }
                guard let bytes = Base64.decode(text) else {
                    context.error("'base64' is not valid Base64 text", at: node)
                    return nil
                }
                return .sendBinary(bytes)
            }
        case "receive":
            if value.pairs?.isEmpty == true { return .receive(expectations: [], captures: [], within: nil) }
            if value.pairs == nil {
                if case .null? = value.scalarValue { return .receive(expectations: [], captures: [], within: nil) }
                context.error("'receive' takes a mapping of expect, capture and within (or nothing), found \(value.kindDescription)", at: value)
                return nil
            }
            guard let entries = context.mapping(value, "'receive'", allowed: Self.receiveKeys) else { return nil }
            var expectations: [Expectation] = []
            var captures: [Capture] = []
            var within: Duration?
            let loader = ExpectationLoader(context: context)
            for (field, node, keyNode) in entries {
                switch field {
                case "expect":
                    for pair in node.pairs.map(Array.init) ?? [] where !Self.messageExpectKeys.contains(pair.key.scalarText ?? "") {
                        context.error("a received message is checked with json, body or schema, not '\(pair.key.scalarText ?? "")'", at: pair.key)
                    }
                    expectations = loader.load(node).filter { expectation in
                        switch expectation.subject {
                        case .json, .body, .decodedBody: true
                        default: false
                        }
                    }
                case "capture": captures = loader.loadCaptures(node)
                default:
                    within = context.duration(node, "'within'")
                    _ = keyNode
                }
            }
            return .receive(expectations: expectations, captures: captures, within: within)
        case "close":
            var code = 1000
            var reason = ""
            if value.pairs != nil {
                guard let entries = context.mapping(value, "'close'", allowed: Self.closeKeys) else { return nil }
                for (field, node, _) in entries {
                    if field == "code" {
                        guard let given = context.integer(node, "'code'"), Self.isSendable(code: given) else {
                            context.error("'code' must be 1000, 1001 to 1003, 1007 to 1014, or 3000 to 4999", at: node)
                            return nil
                        }
                        code = given
                    } else {
                        reason = context.string(node, "'reason'") ?? ""
                        if reason.utf8.count > 123 { context.error("a close reason is at most 123 bytes", at: node) }
                    }
                }
            }
            return .close(code: code, reason: reason)
        default:
            var code: Int?
            var within: Duration?
            if value.pairs != nil {
                guard let entries = context.mapping(value, "'expect_close'", allowed: Self.expectCloseKeys) else { return nil }
                for (field, node, _) in entries {
                    if field == "code" { code = context.integer(node, "'code'") } else { within = context.duration(node, "'within'") }
                }
            } else if case .integer? = value.scalarValue {
                code = context.integer(value, "'expect_close'")
            }
            return .expectClose(code: code, within: within)
        }
    }

    /// Whether a URL as written starts with `ws://` or `wss://` (in any case): a WebSocket
    /// exchange even without `websocket:`. Only the bytes of its first literal part are read, with
    /// no string made: this runs for every request (Benchmarks/RESULTS.md, section 31).
    static func isWebSocketURL(_ url: Template) -> Bool {
        guard case let .literal(text)? = url.parts.first else { return false }
        var letters = text.utf8.makeIterator()
        func next(_ lower: UInt8) -> Bool { letters.next().map { $0 | 0x20 } == lower }
        guard next(UInt8(ascii: "w")), next(UInt8(ascii: "s")) else { return false }
        switch letters.next() {
        case UInt8(ascii: ":"): break
        case let letter? where letter | 0x20 == UInt8(ascii: "s"): guard letters.next() == UInt8(ascii: ":") else { return false }
        default: return false
        }
        return letters.next() == UInt8(ascii: "/") && letters.next() == UInt8(ascii: "/")
    }

    /// The close codes an endpoint may send (RFC 6455, section 7.4).
    static func isSendable(code: Int) -> Bool {
        code == 1000 || (1001...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
    }
}
