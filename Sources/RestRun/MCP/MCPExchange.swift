import OrderedCollections

/// One attempt of an MCP request, made over the run's session with the file's server: the body
/// (resolved by the request's kind) is the JSON-RPC `params`; the response's body is the
/// `result`, and the error, the notifications and every message ride along as `MCPReceived`.
struct MCPExchange: WireExchange {
    let call: MCPCall

    /// JSON-RPC has no idempotent-method rule: `retry:` retries any request.
    var retriesAnyMethod: Bool { true }

    /// Not as an MCP server's POST.
    var sendsDefaultHeaders: Bool { false }

    func exchange(_ request: PreparedRequest, through wire: WireContext) async throws -> Response {
        let server = call.server
        let timeout = request.transport.effectiveTimeout
        let session: MCPSession
        do throws(MCPFailure) {
            session = try await MCPServers.session(server.address, answers: server.answers, environment: server.environment)
        } catch {
            throw Self.networkError(error)
        }
        var params = OrderedDictionary<String, DecodedValue>()
        if let body = request.body, case let .object(members)? = try? JSONParser.parse(body.bytes) { params = members }
        let problems = call.renderedProblems(.object(params))
        if !problems.isEmpty {
            var refused = Response(status: 200, body: [], url: request.url, duration: ContinuousClock.now - wire.start)
            refused.received = MCPReceived(method: call.method, error: nil, notifications: [], transcript: [], argumentProblems: problems)
            return refused
        }
        var headers = request.headers.fields
            .filter { !["content-type", "accept", "content-length", "host", "user-agent", "accept-encoding"].contains($0.name.lowercased()) }
            .map { MCPHeader(name: $0.name, value: $0.value) }
        if session.revision == MCPSession.statelessRevision, case .http = call.server.address.transport, let schema = call.tool?.listed.member("inputSchema") {
            headers += Self.parameterHeaders(schema, arguments: params["arguments"] ?? .object([:]))
        }
        let remaining = max(timeout - (ContinuousClock.now - wire.start), .milliseconds(1))
        let outcome: MCPOutcome
        switch call.operation {
        case .initialize:
            outcome = MCPOutcome(result: session.greeting)
        case let .list(kind):
            switch await MCPPages.pages(session, method: kind.method, key: kind.key, within: remaining) {
            case let .success(pages): outcome = pages.outcome
            case let .failure(failure) where failure.kind == .refused:
                outcome = try await Self.answer(session.request(kind.method, params: [:], headers: headers, within: remaining))
            case let .failure(failure): throw Self.networkError(failure)
            }
        default:
            switch await session.ask(call.method, params: params, headers: headers, within: remaining) {
            case let .success(answer): outcome = answer
            case let .failure(failure): throw Self.networkError(failure)
            }
        }
        // With a JSON-RPC error there is no result: the body is `null`, so a path reads nothing.
        let body = outcome.result?.jsonBytes ?? Array("null".utf8)
        var response = Response(
            status: 200, headers: Headers([("Content-Type", "application/json")]), body: body, url: request.url,
            duration: ContinuousClock.now - wire.start)
        response.bodySize = body.count
        response.received = MCPReceived(method: call.method, error: outcome.error, notifications: outcome.notifications, transcript: outcome.transcript)
        return response
    }

    private static func answer(_ result: Result<MCPOutcome, MCPFailure>) throws -> MCPOutcome {
        switch result {
        case let .success(outcome): return outcome
        case let .failure(failure): throw networkError(failure)
        }
    }

    /// The `Mcp-Param-NAME` headers the stateless revision has a tool call carry: one for each
    /// property of the input schema (through `properties`) annotated `x-mcp-header: NAME`, whose
    /// argument is a text, a number or a boolean.
    static func parameterHeaders(_ schema: DecodedValue, arguments: DecodedValue, depth: Int = 0) -> [MCPHeader] {
        guard depth < 16, case let .object(properties)? = schema.member("properties") else { return [] }
        var headers: [MCPHeader] = []
        for (name, property) in properties {
            let value = arguments.member(name)
            if let token = property.member("x-mcp-header")?.stringValue, let value {
                let text: String? = switch value {
                case let .bool(flag): flag ? "true" : "false"
                case let .string(text): text
                case .integer, .number: value.jsonText
                default: nil
                }
                if let text { headers.append(MCPHeader(name: "Mcp-Param-" + token, value: MCPSession.headerValue(text))) }
            }
            if let value, case .object = value { headers += parameterHeaders(property, arguments: value, depth: depth + 1) }
        }
        return headers
    }

    /// The failure as the networker reports it (exit 3).
    static func networkError(_ failure: MCPFailure) -> NetworkError {
        let kind: NetworkError.Kind = switch failure.kind {
        case .timeout: .timeout
        case .unreachable: .connectionRefused
        case .exited: .connectionClosed
        case .notJSONRPC, .http, .refused: .protocolError
        case .cancelled: .other
        }
        return NetworkError(kind, failure.sentence)
    }
}

extension MCPExchange {
    /// `> MCP tools/call add_note via stdio:python3 server.py (revision 2025-11-25)`.
    func logLines(sending request: PreparedRequest, redactor: Redactor) -> [String]? {
        ["* MCP \(call.method) to \(redactor.redact(request.url))"]
    }

    /// Every JSON-RPC message sent (`>`) and received (`<`), redacted.
    func logLines(receiving response: Response, duration: Duration, redactor: Redactor) -> [String]? {
        guard let received = response.mcp else { return nil }
        var lines = received.transcript.map { ($0.sent ? "> " : "< ") + redactor.redact($0.text) }
        if lines.isEmpty, !response.body.isEmpty { lines.append("< " + redactor.redact(String(decoding: response.body, as: UTF8.self))) }
        lines.append("< (\(DurationText.format(duration)))")
        return lines
    }

    /// How the server is reached, and the JSON-RPC message the request would send.
    func command(for request: PreparedRequest, redactor: Redactor) -> String? {
        var params = DecodedValue.object([:])
        if let body = request.body, let parsed = try? JSONParser.parse(body.bytes) { params = parsed }
        let message = DecodedValue.object(fromPairs: [
            ("jsonrpc", .string("2.0")), ("id", .integer(1)), ("method", .string(call.method)), ("params", params),
        ])
        var lines = ["# MCP server: \(redactor.redact(request.url))"]
        if case let .stdio(_, environment, folder) = call.server.address.transport {
            lines.append("#   in \(folder)" + (environment.isEmpty ? "" : ", with " + environment.keys.sorted().joined(separator: ", ") + " set"))
        }
        if case .initialize = call.operation {
            lines.append("# (the server's initialize result, read when the run starts)")
        } else {
            lines.append(redactor.redact(message.jsonText))
        }
        return lines.joined(separator: "\n")
    }
}
