package import OrderedCollections
import Synchronization

/// One MCP server for the length of a run: the connection, the protocol revision both sides
/// speak (the stateless 2026-07-28 revision, or a handshake revision after `initialize`), and the
/// JSON-RPC requests in flight, each with its deadline. What the server sends while a request
/// runs (notifications, its own requests, which the client answers) is kept with that request.
package final class MCPSession: Sendable {
    /// The stateless revision: no handshake, each request carries its envelope.
    static let statelessRevision = "2026-07-28"
    /// The handshake revisions, newest first.
    static let handshakeRevisions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// Every revision rest-run speaks, newest first.
    package static let revisions = [statelessRevision] + handshakeRevisions

    package let address: MCPServerAddress
    let answers: MCPClientAnswers

    private struct Pending {
        var token: String
        var outcome: MCPOutcome
        var complete: @Sendable (Result<MCPOutcome, MCPFailure>) -> Void
        var tasks: [Task<Void, Never>] = []
    }

    private struct SessionState {
        var transport: (any MCPTransport)?
        var nextID = 1
        var pending: [Int: Pending] = [:]
        var ended: MCPFailure?
        var revision: String?
        var greeting: DecodedValue?
        var endedByRestRun = false
    }

    private let state = Mutex(SessionState())

    package init(address: MCPServerAddress, answers: MCPClientAnswers) {
        self.address = address
        self.answers = answers
    }

    /// The revision spoken, once started.
    package var revision: String? { state.withLock { $0.revision } }

    /// What the server said of itself: its `initialize` result, or its `server/discover` result
    /// under the stateless revision.
    package var greeting: DecodedValue? { state.withLock { $0.greeting } }

    private var isStateless: Bool { revision == Self.statelessRevision }

    // MARK: Starting

    /// Starts or connects to the server and agrees on a revision, within `limit`.
    package func start(environment: [String: String], within limit: Duration) async throws(MCPFailure) {
        let transport: any MCPTransport
        switch address.transport {
        case let .stdio(command, variables, folder):
            transport = try await MCPStdioTransport.start(
                command: command, environment: variables, folder: folder, inherited: environment,
                receive: { [self] line in receive(line, answering: nil) },
                ended: { [self] failure in end(because: failure) })
        case let .http(url, headers):
            transport = MCPHTTPTransport(
                url: url, headers: headers, insecure: address.insecure, caFile: address.caFile, resolve: address.resolve, auth: address.auth?.auth,
                receive: { [self] bytes, id in receive(bytes, answering: id) })
        }
        state.withLock { $0.transport = transport }
        try await negotiate(within: limit)
    }

    private func negotiate(within limit: Duration) async throws(MCPFailure) {
        let pinned = address.pinnedRevision
        // The probe, the handshake and a second probe share the one limit.
        let deadline = ContinuousClock.now + limit
        func left() -> Duration { max(deadline - ContinuousClock.now, .milliseconds(1)) }
        if pinned == nil || pinned == Self.statelessRevision {
            state.withLock { $0.revision = Self.statelessRevision }
            let probe = await request("server/discover", params: [:], within: pinned == nil ? min(limit, .seconds(10)) : limit)
            state.withLock { $0.revision = nil }
            switch probe {
            case let .success(outcome):
                if let result = outcome.result {
                    let supported = result.member("supportedVersions")?.items?.compactMap(\.stringValue) ?? []
                    if supported.contains(Self.statelessRevision) {
                        state.withLock { state in
                            state.revision = Self.statelessRevision
                            state.greeting = Self.greeting(result)
                        }
                        return
                    }
                    if pinned != nil {
                        throw MCPFailure(.refused, "\(address.described) does not speak revision \(Self.statelessRevision) (it supports \(supported.joined(separator: ", ")))")
                    }
                } else if let error = outcome.error, pinned != nil {
                    throw MCPFailure(.refused, "\(address.described) refused revision \(Self.statelessRevision): \(error.code) \(error.message)")
                }
            case let .failure(failure):
                // A refusal over HTTP (a 4xx) or no answer to a method the server does not know is
                // the sign of a server of the handshake revisions.
                guard pinned == nil, failure.kind == .http || failure.kind == .timeout else { throw failure }
            }
        }
        let offered = pinned ?? Self.handshakeRevisions[0]
        let parameters: OrderedDictionary<String, DecodedValue> = [
            "protocolVersion": .string(offered), "capabilities": answers.capabilities, "clientInfo": Self.clientInfo,
        ]
        let outcome = try await request("initialize", params: parameters, within: left()).get()
        // A probe that timed out here but reached a slow server settled it on the stateless
        // revision: its refusal of `initialize` names that revision, and a second probe adopts it.
        if pinned == nil, let error = outcome.error, error.code == -32022,
            error.data?.member("supported")?.items?.contains(.string(Self.statelessRevision)) == true {
            state.withLock { $0.revision = Self.statelessRevision }
            let probe = await request("server/discover", params: [:], within: left())
            if case let .success(answer) = probe, let result = answer.result {
                state.withLock { $0.greeting = Self.greeting(result) }
                return
            }
            state.withLock { $0.revision = nil }
        }
        guard let result = outcome.result else {
            let error = outcome.error.map { "\($0.code) \($0.message)" } ?? "no result"
            throw MCPFailure(.refused, "\(address.described) refused to initialize: \(error)")
        }
        guard let answered = result.member("protocolVersion")?.stringValue, Self.handshakeRevisions.contains(answered) else {
            let named = result.member("protocolVersion")?.jsonText ?? "none"
            throw MCPFailure(.refused, "\(address.described) answered initialize with protocol revision \(named), which rest-run does not speak (it speaks \(Self.revisions.joined(separator: ", ")))")
        }
        if let pinned, answered != pinned {
            throw MCPFailure(.refused, "\(address.described) answered revision \(answered) to the pinned revision \(pinned)")
        }
        state.withLock { state in
            state.revision = answered
            state.greeting = result
        }
        await notify("notifications/initialized", params: [:])
    }

    /// A `server/discover` result as `mcp: { initialize: {} }` reads it: with `protocolVersion`,
    /// the revision spoken, as an `initialize` result has it.
    static func greeting(_ discovered: DecodedValue) -> DecodedValue {
        guard case var .object(members) = discovered, members["protocolVersion"] == nil else { return discovered }
        members["protocolVersion"] = .string(statelessRevision)
        return .object(members)
    }

    /// Who the client is, in `initialize` and the stateless envelope.
    static var clientInfo: DecodedValue {
        .object(fromPairs: [("name", .string("rest-run")), ("version", .string(RestRunVersion.current))])
    }

    // MARK: Requests

    /// Sends request `method` with `params` and waits at most `limit` for its answer; a request
    /// with no answer in time is cancelled (`notifications/cancelled`), and so is one whose task
    /// is cancelled. `headers` go with an HTTP POST.
    package func request(
        _ method: String, params: OrderedDictionary<String, DecodedValue>, headers: [MCPHeader] = [], within limit: Duration
    ) async -> Result<MCPOutcome, MCPFailure> {
        let (id, transport, revision) = state.withLock { state in
            defer { state.nextID += 1 }
            return (state.nextID, state.transport, state.revision)
        }
        guard let transport else { return .failure(MCPFailure(.unreachable, "\(address.described) was not started")) }
        let token = "rest-run-\(id)"
        var parameters = params
        var meta = OrderedDictionary<String, DecodedValue>()
        if case let .object(members)? = parameters["_meta"] { meta = members }
        meta["progressToken"] = .string(token)
        if revision == Self.statelessRevision {
            meta["io.modelcontextprotocol/protocolVersion"] = .string(Self.statelessRevision)
            meta["io.modelcontextprotocol/clientInfo"] = Self.clientInfo
            meta["io.modelcontextprotocol/clientCapabilities"] = answers.capabilities
            // Log messages are sent only to a request that asks: every one asks for all, so
            // `notifications:` sees what the server logs.
            if meta["io.modelcontextprotocol/logLevel"] == nil { meta["io.modelcontextprotocol/logLevel"] = .string("debug") }
        }
        parameters["_meta"] = .object(meta)
        let message = DecodedValue.object(fromPairs: [
            ("jsonrpc", .string("2.0")), ("id", .integer(id)), ("method", .string(method)), ("params", .object(parameters)),
        ])
        let text = message.jsonText
        let postHeaders = headers + httpHeaders(method: method, params: parameters, revision: revision)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let refused = state.withLock { state -> MCPFailure? in
                    if let ended = state.ended { return ended }
                    state.pending[id] = Pending(
                        token: token, outcome: MCPOutcome(transcript: [MCPTranscriptLine(sent: true, text: text)]),
                        complete: { continuation.resume(returning: $0) })
                    return nil
                }
                if let refused { return continuation.resume(returning: .failure(refused)) }
                let inline = transport is MCPHTTPTransport
                let sender = Task { [self] in
                    do throws(MCPFailure) {
                        try await transport.send(Array(text.utf8), answering: id, headers: postHeaders, within: limit)
                    } catch {
                        var failure = error
                        if failure.serverErrors.isEmpty { failure.serverErrors = transport.serverErrors }
                        finish(id, .failure(failure))
                        return
                    }
                    if inline, !Task.isCancelled {
                        finish(id, .failure(MCPFailure(.notJSONRPC, "\(address.described) ended its answer to \(method) without a JSON-RPC response")))
                    }
                }
                let timer = Task { [self] in
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    let failure = MCPFailure(
                        .timeout, "\(address.described) did not answer \(method) within \(DurationText.format(limit))",
                        serverErrors: transport.serverErrors)
                    if finish(id, .failure(failure)) { await cancelled(id, reason: "timed out") }
                }
                let kept = state.withLock { state in
                    guard state.pending[id] != nil else { return false }
                    state.pending[id]?.tasks = [sender, timer]
                    return true
                }
                if !kept { timer.cancel() }
            }
        } onCancel: {
            if finish(id, .failure(MCPFailure(.cancelled, "the request to \(address.described) was cancelled"))) {
                Task { await cancelled(id, reason: "the run stopped") }
            }
        }
    }

    /// The most rounds of input a request goes through (the SDKs' own limit).
    static let inputRounds = 10

    /// Sends request `method` as `request(_:params:headers:within:)` does, and answers what the
    /// server asks before it can finish: under the stateless revision, a result of `resultType`
    /// `input_required` embeds the server's requests (sampling, elicitation, roots), and the
    /// request is sent again with `mcp_client:`'s answers and the server's `requestState`. A
    /// request the client has no answer for ends the request with JSON-RPC error -32021 (a
    /// capability the client does not have), as that revision names it.
    package func ask(
        _ method: String, params: OrderedDictionary<String, DecodedValue>, headers: [MCPHeader] = [], within limit: Duration
    ) async -> Result<MCPOutcome, MCPFailure> {
        let deadline = ContinuousClock.now + limit
        var whole = MCPOutcome()
        var parameters = params
        var pause: Duration = .milliseconds(50)
        for _ in 0...Self.inputRounds {
            let outcome: MCPOutcome
            switch await request(method, params: parameters, headers: headers, within: max(deadline - ContinuousClock.now, .milliseconds(1))) {
            case let .success(answer): outcome = answer
            case let .failure(failure): return .failure(failure)
            }
            whole.transcript += outcome.transcript
            whole.notifications += outcome.notifications
            (whole.result, whole.error) = (outcome.result, outcome.error)
            guard let result = outcome.result, result.member("resultType") == .string("input_required") else { return .success(whole) }
            var responses = OrderedDictionary<String, DecodedValue>()
            if case let .object(requests)? = result.member("inputRequests") {
                for (key, request) in requests {
                    let asked = request.member("method")?.stringValue ?? ""
                    guard let answer = answers.result(for: asked) else {
                        whole.result = nil
                        whole.error = MCPRPCError(code: -32021, message: "rest-run's client does not answer \(asked) (see mcp_client:)")
                        return .success(whole)
                    }
                    responses[key] = answer
                }
            }
            if responses.isEmpty {
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(250))
            } else {
                pause = .milliseconds(50)
            }
            parameters = params
            if !responses.isEmpty { parameters["inputResponses"] = .object(responses) }
            if let state = result.member("requestState") { parameters["requestState"] = state }
        }
        whole.result = nil
        whole.error = MCPRPCError(code: -32603, message: "\(address.described) asked for input more than \(Self.inputRounds) times")
        return .success(whole)
    }

    /// The headers a POST carries under `revision`: the revision, and under the stateless one the
    /// method and the name it acts on.
    private func httpHeaders(method: String, params: OrderedDictionary<String, DecodedValue>, revision: String?) -> [MCPHeader] {
        guard case .http = address.transport, let revision else { return [] }
        var headers = [MCPHeader(name: "MCP-Protocol-Version", value: revision)]
        guard revision == Self.statelessRevision else { return headers }
        headers.append(MCPHeader(name: "Mcp-Method", value: method))
        let nameKey = ["tools/call": "name", "prompts/get": "name", "resources/read": "uri"][method]
        if let nameKey, let name = params[nameKey]?.stringValue { headers.append(MCPHeader(name: "Mcp-Name", value: Self.headerValue(name))) }
        return headers
    }

    /// A value as a header carries it: as it is when it is visible ASCII, else in Base64 between
    /// `=?base64?` and `?=`.
    static func headerValue(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E } && text.first != " " && text.last != " "
            && !(text.hasPrefix("=?base64?") && text.hasSuffix("?="))
        return plain ? text : "=?base64?" + Base64.encode(Array(text.utf8)) + "?="
    }

    /// Sends notification `method`.
    func notify(_ method: String, params: OrderedDictionary<String, DecodedValue>) async {
        guard let (transport, revision) = state.withLock({ state in state.transport.map { ($0, state.revision) } }) else { return }
        let message = DecodedValue.object(fromPairs: [("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", .object(params))])
        try? await transport.send(message.jsonBytes, answering: nil, headers: httpHeaders(method: method, params: params, revision: revision), within: .seconds(5))
    }

    /// Tells the server request `id` is given up, unless the revision has no such notification
    /// over HTTP (a stateless POST is given up by ending it).
    private func cancelled(_ id: Int, reason: String) async {
        if isStateless, case .http = address.transport { return }
        await notify("notifications/cancelled", params: ["requestId": .integer(id), "reason": .string(reason)])
    }

    /// Completes request `id` if it still waits; whether it did.
    @discardableResult
    private func finish(_ id: Int, _ result: Result<MCPOutcome, MCPFailure>) -> Bool {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return false }
        for task in pending.tasks { task.cancel() }
        switch result {
        case .success: pending.complete(.success(pending.outcome))
        case let .failure(failure): pending.complete(.failure(failure))
        }
        return true
    }

    // MARK: What the server sends

    /// Routes what the server sent: `answering` is the request whose HTTP answer carried it.
    private func receive(_ bytes: [UInt8], answering: Int?) {
        guard let value = try? JSONParser.parse(bytes), value.items != nil || value.member("jsonrpc") != nil || value.member("id") != nil else {
            let shown = String(decoding: bytes.prefix(200), as: UTF8.self)
            failWaiting(answering, MCPFailure(.notJSONRPC, "\(address.described) wrote something that is not JSON-RPC: \(shown)"))
            return
        }
        for message in value.items ?? [value] { route(message, answering: answering) }
    }

    private func route(_ message: DecodedValue, answering: Int?) {
        let text = message.jsonText
        let method = message.member("method")?.stringValue
        if let method, let id = message.member("id") {
            answerServer(id: id, method: method, request: text, answering: answering)
            return
        }
        if let method {
            let token = message.member("params")?.member("progressToken")?.stringValue
            state.withLock { state in
                for key in targets(state, token: token, answering: answering) {
                    state.pending[key]?.outcome.notifications.append(message)
                    state.pending[key]?.outcome.transcript.append(MCPTranscriptLine(sent: false, text: text))
                }
            }
            _ = method
            return
        }
        guard case let .integer(id)? = message.member("id"), message.member("result") != nil || message.member("error") != nil else {
            if message.member("error") != nil, message.member("id") == .null {
                failWaiting(answering, MCPFailure(.notJSONRPC, "\(address.described) answered with an error: \(text.prefix(300))"))
            } else {
                failWaiting(answering, MCPFailure(.notJSONRPC, "\(address.described) wrote a message that is not JSON-RPC: \(text.prefix(200))"))
            }
            return
        }
        let known = state.withLock { state -> Bool in
            guard state.pending[id] != nil else { return false }
            state.pending[id]?.outcome.transcript.append(MCPTranscriptLine(sent: false, text: text))
            if let result = message.member("result") {
                state.pending[id]?.outcome.result = result
            } else if let error = message.member("error") {
                let code: Int = if case let .integer(code)? = error.member("code") { code } else { 0 }
                state.pending[id]?.outcome.error = MCPRPCError(
                    code: code, message: error.member("message")?.stringValue ?? "", data: error.member("data"))
            }
            return true
        }
        if known { finish(id, .success(MCPOutcome())) }
    }

    /// The requests a message goes with: the one whose progress token it names, else the one
    /// whose answer carried it, else every request in flight.
    private func targets(_ state: SessionState, token: String?, answering: Int?) -> [Int] {
        if let token, let match = state.pending.first(where: { $0.value.token == token }) { return [match.key] }
        if let answering, state.pending[answering] != nil { return [answering] }
        return Array(state.pending.keys)
    }

    /// Answers a request the server sent: with `mcp_client:`'s answer, or -32601 when the client
    /// has none.
    private func answerServer(id: DecodedValue, method: String, request: String, answering: Int?) {
        var members: [(String, DecodedValue)] = [("jsonrpc", .string("2.0")), ("id", id)]
        if let result = answers.result(for: method) {
            members.append(("result", result))
        } else {
            members.append(("error", MCPRPCError(code: -32601, message: "Method not found: rest-run's client does not answer \(method) (see mcp_client:)").value))
        }
        let answer = DecodedValue.object(fromPairs: members)
        let (transport, revision) = state.withLock { state in
            for key in targets(state, token: nil, answering: answering) {
                state.pending[key]?.outcome.transcript.append(MCPTranscriptLine(sent: false, text: request))
                state.pending[key]?.outcome.transcript.append(MCPTranscriptLine(sent: true, text: answer.jsonText))
            }
            return (state.transport, state.revision)
        }
        guard let transport else { return }
        let headers = httpHeaders(method: method, params: [:], revision: revision).filter { $0.name == "MCP-Protocol-Version" }
        Task { try? await transport.send(answer.jsonBytes, answering: nil, headers: headers, within: .seconds(10)) }
    }

    /// Fails request `id`, or every request in flight when the message belongs to none.
    private func failWaiting(_ id: Int?, _ failure: MCPFailure) {
        var failure = failure
        let (keys, errors) = state.withLock { state in
            (id.map { [$0] } ?? Array(state.pending.keys), state.transport?.serverErrors ?? [])
        }
        if failure.serverErrors.isEmpty { failure.serverErrors = errors }
        for key in keys { finish(key, .failure(failure)) }
    }

    // MARK: Ending

    /// The server's connection ended: every request in flight fails, and so does every later one.
    private func end(because failure: MCPFailure) {
        let waiting = state.withLock { state -> [Int] in
            if state.endedByRestRun { return [] }
            state.ended = failure
            return Array(state.pending.keys)
        }
        for id in waiting { finish(id, .failure(failure)) }
    }

    /// Ends the session and the server (rest-run is done with it).
    package func end() {
        let transport = state.withLock { state in
            state.endedByRestRun = true
            state.ended = state.ended ?? MCPFailure(.exited, "\(address.described) was ended")
            return state.transport
        }
        transport?.end()
    }
}
