public import RestRun
import RestRunYAML

/// A routes file for the mock server (`routes:` in YAML), loaded and checked like a request file.
public struct MockRoutes: Sendable {
    /// The routes, matched in order.
    package var routes: [MockRoute]
    /// Whether responses are gzip- or deflate-compressed for clients that accept it (`gzip: true`).
    public var compresses: Bool

    /// Creates routes.
    package init(routes: [MockRoute], compresses: Bool = false) {
        self.routes = routes
        self.compresses = compresses
    }

    static let routeKeys = ["method", "path", "status", "headers", "file", "json", "text", "echo", "events", "graphql", "websocket", "delay", "responses"]
    /// `websocket:`'s keys.
    static let webSocketKeys = ["on_open", "replies", "echo", "ping", "close"]
    /// `websocket: { close: }`'s keys.
    static let webSocketCloseKeys = ["after", "code", "reason"]
    static let responseKeys = ["status", "headers", "file", "json", "text", "echo", "events", "graphql", "delay"]
    /// `graphql:`'s keys.
    static let graphqlKeys = ["schema", "operations"]
    /// The keys of one event of `events:`.
    static let eventKeys = ["event", "data", "json", "id", "retry", "comment", "delay"]
    /// A routes file's own keys.
    static let fileKeys = ["routes", "gzip"]

    /// Reads and checks a routes file; `file:` paths are relative to it and read at once.
    public static func load(path: String) throws(DiagnosticList) -> MockRoutes {
        try load(YAMLDocument.load(path: path))
    }

    /// Checks routes given as text; `path` names the file in messages and anchors `file:` paths.
    public static func load(text: String, path: String) throws(DiagnosticList) -> MockRoutes {
        try load(YAMLDocument.parse(text: text, path: path))
    }

    private static func load(_ document: YAMLDocument) throws(DiagnosticList) -> MockRoutes {
        let root = document.root
        var reader = Reader(source: document.source)
        let routes = reader.routes(root)
        var compresses = false
        if let gzip = root["gzip"] {
            if case let .bool(value)? = gzip.scalarValue { compresses = value } else { reader.error("'gzip' must be true or false", gzip) }
        }
        guard reader.diagnostics.isEmpty else { throw DiagnosticList(reader.diagnostics) }
        return MockRoutes(routes: routes, compresses: compresses)
    }

    private struct Reader {
        let source: SourceText
        var diagnostics: [Diagnostic] = []

        mutating func error(_ message: String, _ node: Node) {
            diagnostics.append(Diagnostic(message, at: source.location(node.mark)))
        }

        mutating func routes(_ root: Node) -> [MockRoute] {
            guard let list = root["routes"]?.items else {
                error("a routes file is a mapping with 'routes:', a list of routes", root)
                return []
            }
            for pair in root.pairs.map(Array.init) ?? [] where !MockRoutes.fileKeys.contains(pair.key.scalarText ?? "") {
                error("unknown key '\(pair.key.scalarText ?? "")' in the routes file (allowed: routes, gzip)", pair.key)
            }
            var result: [MockRoute] = []
            for item in list { if let route = route(item) { result.append(route) } }
            return result
        }

        mutating func checkKeys(_ node: Node, allowed: [String], what: String) -> Bool {
            guard let pairs = node.pairs else {
                error("\(what) must be a mapping, found \(node.kindDescription)", node)
                return false
            }
            for pair in pairs {
                let key = pair.key.scalarText ?? ""
                if !allowed.contains(key) {
                    var message = "unknown key '\(key)' in \(what)"
                    if let suggestion = Suggestion.closest(to: key, in: allowed) { message += " (did you mean '\(suggestion)'?)" }
                    error(message, pair.key)
                }
            }
            return true
        }

        mutating func route(_ node: Node) -> MockRoute? {
            guard checkKeys(node, allowed: MockRoutes.routeKeys, what: "a route") else { return nil }
            guard let path = node["path"]?.scalarText, path.hasPrefix("/") else {
                error("a route needs a 'path' starting with '/'", node["path"] ?? node)
                return nil
            }
            var method: String? = "GET"
            if let methodNode = node["method"] {
                let text = methodNode.scalarText ?? ""
                if text == "*" || text == "ANY" {
                    method = nil
                } else if HTTPMethod(rawValue: text) != nil {
                    method = text
                } else {
                    error("'\(text)' is not an HTTP method (use an upper-case method, or * for any)", methodNode)
                }
            }
            var responses: [MockResponse] = []
            if let list = node["responses"] {
                guard let items = list.items, !items.isEmpty else {
                    error("'responses' must be a non-empty list of responses", list)
                    return nil
                }
                for key in MockRoutes.responseKeys where node[key] != nil {
                    error("a route with 'responses' gives '\(key)' in each response instead", node[key] ?? node)
                }
                for item in items where checkKeys(item, allowed: MockRoutes.responseKeys, what: "a response") {
                    responses.append(response(item))
                }
            } else {
                responses.append(response(node))
            }
            guard !responses.isEmpty else { return nil }
            var route = MockRoute(method: method, path: path, responses: responses, location: source.location(node.mark))
            if let websocket = node["websocket"] { route.websocket = self.websocket(websocket) }
            return route
        }

        mutating func response(_ node: Node) -> MockResponse {
            var response = MockResponse()
            if let status = node["status"] {
                if case let .integer(code)? = status.scalarValue, (100...599).contains(code) {
                    response.status = code
                } else {
                    error("'status' must be a status code from 100 to 599", status)
                }
            }
            if let headers = node["headers"] {
                for pair in headers.pairs.map(Array.init) ?? [] {
                    if let name = pair.key.scalarText, let value = pair.value.scalarText {
                        response.headers.append((name, value))
                    } else {
                        error("each header is 'Name: value'", pair.key)
                    }
                }
            }
            let bodies = ["file", "json", "text", "echo", "events", "graphql"].filter { node[$0] != nil }
            if bodies.count > 1, let second = node[bodies[1]] {
                error("a response has one body; found both '\(bodies[0])' and '\(bodies[1])'", second)
            }
            if let file = node["file"] {
                let path = FileSystem.path(file.scalarText ?? "", relativeTo: source.path)
                do {
                    response.body = .bytes(try FileSystem.readBytes(path))
                } catch {
                    self.error(error.message, file)
                }
            } else if let json = node["json"] {
                response.body = .json(DecodedValue(node: json))
                if !response.headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                    response.headers.append(("Content-Type", "application/json"))
                }
            } else if let text = node["text"] {
                response.body = .text(text.scalarText ?? "")
                if !response.headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                    response.headers.append(("Content-Type", "text/plain; charset=utf-8"))
                }
            } else if let echo = node["echo"] {
                if case .bool(true)? = echo.scalarValue { response.body = .echo }
            } else if let graphql = node["graphql"] {
                if let answers = self.graphql(graphql) { response.body = .graphql(answers) }
            } else if let list = node["events"] {
                response.body = .events(events(list))
                if !response.headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                    response.headers.append(("Content-Type", "text/event-stream"))
                }
                response.headers.append(("Cache-Control", "no-cache"))
            }
            if let delay = node["delay"] {
                if let text = delay.scalarText, let duration = DurationText.parse(text) {
                    response.delay = duration
                } else {
                    error("'delay' must be \(DurationText.expectation)", delay)
                }
            }
            return response
        }

        /// `websocket: echo`, or `{on_open: [...], replies: [...], echo, ping, close: {after, code, reason}}`;
        /// a message is a string, or `{json: ...}` or `{base64: ...}`.
        mutating func websocket(_ node: Node) -> MockWebSocket? {
            var script = MockWebSocket()
            if node.scalarText == "echo" { return script }
            guard checkKeys(node, allowed: MockRoutes.webSocketKeys, what: "'websocket' (or websocket: echo)") else { return nil }
            func messages(_ list: Node?, _ what: String) -> [MockWebSocket.Outgoing] {
                guard let list else { return [] }
                guard let items = list.items else {
                    error("'\(what)' must be a list of messages", list)
                    return []
                }
                return items.compactMap { item in
                    if let text = item.scalarText, item.pairs == nil { return .text(text) }
                    if let json = item["json"] { return .text(DecodedValue(node: json).jsonText) }
                    if let base64 = item["base64"]?.scalarText, let bytes = Base64.decode(base64) { return .binary(bytes) }
                    error("a message is a string, {json: ...} or {base64: ...}", item)
                    return nil
                }
            }
            script.onOpen = messages(node["on_open"], "on_open")
            script.replies = messages(node["replies"], "replies")
            if case let .bool(echo)? = node["echo"]?.scalarValue { script.echo = echo }
            if case let .bool(ping)? = node["ping"]?.scalarValue { script.ping = ping }
            if let close = node["close"], checkKeys(close, allowed: MockRoutes.webSocketCloseKeys, what: "'close'") {
                if case let .integer(after)? = close["after"]?.scalarValue { script.closeAfter = max(0, after) } else { script.closeAfter = 0 }
                if case let .integer(code)? = close["code"]?.scalarValue { script.closeCode = code }
                script.closeReason = close["reason"]?.scalarText ?? ""
            }
            return script
        }

        /// `graphql: {schema: schema.graphql, operations: {Name: {data: ...}}}`.
        mutating func graphql(_ node: Node) -> MockGraphQL? {
            guard checkKeys(node, allowed: MockRoutes.graphqlKeys, what: "'graphql'") else { return nil }
            var answers = MockGraphQL(schema: nil, operations: [:])
            if let schemaNode = node["schema"] {
                let path = FileSystem.path(schemaNode.scalarText ?? "", relativeTo: source.path)
                do {
                    let text = try FileSystem.readText(path)
                    answers.schema = try GraphQLSchemaDocument.read(text, path: path, checked: GraphQLChecker.helperIsInstalled)
                } catch let failure as FileSystem.ReadError {
                    error(failure.message, schemaNode)
                } catch let failure as GraphQLSchemaDocument.SDLError {
                    error("graphql schema '\(schemaNode.scalarText ?? "")': \(failure.message)" + (failure.line.map { " (line \($0))" } ?? ""), schemaNode)
                } catch {
                    self.error("graphql schema '\(schemaNode.scalarText ?? "")' cannot be read", schemaNode)
                }
            }
            guard let operations = node["operations"], let pairs = operations.pairs else {
                error("'graphql' needs 'operations': each operation name with its whole JSON answer ({data: ...} or {errors: [...]})", node)
                return nil
            }
            for pair in pairs {
                guard let name = pair.key.scalarText else { continue }
                answers.operations[name] = DecodedValue(node: pair.value)
            }
            return answers
        }

        /// `events:`: a list of events, each a string (its data) or
        /// `{event, data | json, id, retry, comment, delay}`.
        mutating func events(_ node: Node) -> [MockEvent] {
            guard let items = node.items else {
                error("'events' must be a list of events (strings, or mappings with data, event, id, delay)", node)
                return []
            }
            var events: [MockEvent] = []
            for item in items {
                if let text = item.scalarText, item.pairs == nil {
                    events.append(MockEvent(data: text))
                    continue
                }
                guard checkKeys(item, allowed: MockRoutes.eventKeys, what: "an event") else { continue }
                var delay: Duration?
                if let written = item["delay"] {
                    delay = written.scalarText.flatMap(DurationText.parse)
                    if delay == nil { error("'delay' must be \(DurationText.expectation)", written) }
                }
                var retry: Int?
                if let written = item["retry"] {
                    if case let .integer(value)? = written.scalarValue, value >= 0 { retry = value } else { error("'retry' must be a number of milliseconds", written) }
                }
                let data = item["json"].map { DecodedValue(node: $0).jsonText } ?? item["data"]?.scalarText
                events.append(MockEvent(
                    type: item["event"]?.scalarText, data: data, id: item["id"]?.scalarText, retry: retry,
                    comment: item["comment"]?.scalarText, delay: delay))
            }
            return events
        }
    }
}
