/// Runs a WebSocket request: its handshake goes through the `Networking` like any request (the
/// delegates merge its headers, `-v` and `--report-har` record it, `retry:` applies), then its
/// `websocket:` steps go over the conversation the 101 response opened, as one result whose
/// failures point at their steps. A step that cannot go on (a refused upgrade, a receive that
/// times out, a message over `max_body`, a malformed frame) ends the exchange with an error (exit
/// 3); checks that fail (a message's expectations, a close code) are failures (exit 4) and the
/// steps after them still run.
package struct WebSocketExchange: Sendable {
    /// What checking one received message found: its expectations' results, its failures, and
    /// the values its captures took (unredacted; the exchange stores them in the scope).
    package struct MessageCheck: Sendable {
        /// Every expectation's result.
        package var expectations: [ExpectationResult] = []
        /// Failed expectations, decoding and captures.
        package var failures: [Diagnostic] = []
        /// Captured values, in order.
        package var captures: [(name: String, value: DecodedValue)] = []

        /// A check's findings.
        package init(expectations: [ExpectationResult] = [], failures: [Diagnostic] = [], captures: [(name: String, value: DecodedValue)] = []) {
            self.expectations = expectations
            self.failures = failures
            self.captures = captures
        }
    }

    /// Checks a received message (its bytes) against a `receive` step's expectations and captures.
    package typealias Checker = @Sendable (_ message: [UInt8], _ step: WebSocketStep, _ expectations: [Expectation], _ captures: [Capture], _ scope: Scope) async -> MessageCheck

    /// The steps, in order.
    package var steps: [WebSocketStep]
    /// Where the request was written, for failures of the handshake.
    package var location: SourceLocation?
    /// Hides secrets in what is reported.
    package var redactor: Redactor
    /// Checks each received message as a response body.
    package var check: Checker
    /// Whether the run was stopped (`--fail-fast`, an interrupt).
    package var isStopped: @Sendable () -> Bool

    /// An exchange of `steps`.
    package init(
        steps: [WebSocketStep], location: SourceLocation?, redactor: Redactor, isStopped: @escaping @Sendable () -> Bool,
        check: @escaping Checker
    ) {
        self.steps = steps
        self.location = location
        self.redactor = redactor
        self.isStopped = isStopped
        self.check = check
    }

    /// `request` made ready for a handshake: its attempt opens a WebSocket, and it asks for no
    /// compressed body, having none.
    package static func handshake(_ request: PreparedRequest) -> PreparedRequest {
        var handshake = request
        handshake.method = .get
        handshake.wire = WebSocketHandshake()
        handshake.removedHeaders.insert("accept-encoding")
        return handshake
    }

    /// Sends the handshake through `networking`, then runs the steps, into `result`.
    package func run(_ prepared: PreparedRequest, networking: any Networking, scope: inout Scope, result: inout RequestResult) async {
        let response: Response
        do {
            response = try await networking.send(Self.handshake(prepared))
        } catch {
            let network = error as? NetworkError
            let message = network?.message ?? "the WebSocket handshake with \(prepared.url) failed (run with -v for the details)"
            result.outcome = .error
            result.attempts = max(1, network?.attempts.count ?? 1)
            result.failures = [Diagnostic(redactor.redact(message), at: location)]
            return
        }
        result.status = response.status
        result.attempts = max(1, response.attempts.count)
        guard let opened = response.conversation else {
            result.outcome = .error
            result.failures = [Diagnostic("the server answered \(response.status) and opened no WebSocket", at: location)]
            return
        }
        let conversation = Self.recorded(opened, response: response, request: prepared, networking: networking)
        defer {
            conversation.conversation.end()
            result.details = WebSocketMessages(conversation.transcript, redactor: redactor)
        }
        var closed = false
        for step in steps where !isStopped() {
            guard await perform(step, on: conversation.conversation, closed: &closed, scope: &scope, result: &result) else { break }
        }
        if !closed, result.outcome != .error {
            // Every exchange ends with the closing handshake.
            try? await conversation.conversation.send(.close(code: 1000, reason: ""))
            _ = try? await conversation.conversation.next(within: .milliseconds(500))
        }
        if result.outcome == .skipped { result.outcome = result.failures.isEmpty ? .passed : .failed }
    }

    /// The conversation with the transcript the networker keeps, or one kept here when the
    /// `Networking` (a test's fake) keeps none.
    private static func recorded(
        _ conversation: any Conversation, response: Response, request: PreparedRequest, networking: any Networking
    ) -> (conversation: any Conversation, transcript: ConversationTranscript) {
        if let transcript = response.transcript { return (conversation, transcript) }
        let transcript = ConversationTranscript()
        let observed = ObservedConversation(inner: conversation, transcript: transcript, networking: networking, request: request, observers: [])
        return (observed, transcript)
    }

    /// Runs one step; false when the exchange cannot go on.
    private func perform(
        _ step: WebSocketStep, on conversation: any Conversation, closed: inout Bool, scope: inout Scope, result: inout RequestResult
    ) async -> Bool {
        switch step.action {
        case .sendText, .sendJSON, .sendBinary:
            return await send(step, on: conversation, closed: closed, scope: scope, result: &result)
        case let .receive(expectations, captures, within):
            return await receive(
                step, expectations: expectations, captures: captures, within: within ?? WebSocketStep.defaultWithin, on: conversation,
                closed: &closed, scope: &scope, result: &result)
        case let .close(code, reason):
            guard !closed else { return true }
            do {
                try await conversation.send(.close(code: code, reason: reason))
            } catch {
                return fail(&result, step: step, "cannot send: the connection is closed")
            }
            // The server answers the close; what it sends before that is not waited for.
            let deadline = ContinuousClock.now + .seconds(2)
            while let message = try? await conversation.next(within: deadline - ContinuousClock.now), !message.isClose {}
            closed = true
            return true
        case let .expectClose(code, within):
            return await expectClose(step, code: code, within: within ?? WebSocketStep.defaultWithin, on: conversation, closed: &closed, result: &result)
        }
    }

    private func send(_ step: WebSocketStep, on conversation: any Conversation, closed: Bool, scope: Scope, result: inout RequestResult) async -> Bool {
        let message: ConversationMessage
        do throws(Diagnostic) {
            switch step.action {
            case let .sendText(template): message = .text(try template.render(in: scope))
            case let .sendJSON(value): message = .text(String(decoding: try value.resolve(in: scope).jsonBytes, as: UTF8.self))
            case let .sendBinary(data): message = .binary(data)
            default: return true
            }
        } catch let failure {
            result.outcome = .error
            result.failures.append(Diagnostic(redactor.redact(failure.message), at: failure.location ?? step.location))
            return false
        }
        guard !closed else { return fail(&result, step: step, "cannot send: the connection is closed") }
        do {
            try await conversation.send(message)
        } catch {
            return fail(&result, step: step, "cannot send: the connection is closed")
        }
        return true
    }

    private func receive(
        _ step: WebSocketStep, expectations: [Expectation], captures: [Capture], within wait: Duration, on conversation: any Conversation,
        closed: inout Bool, scope: inout Scope, result: inout RequestResult
    ) async -> Bool {
        let message: ConversationMessage?
        do {
            message = try await conversation.next(within: wait)
        } catch {
            return fail(&result, step: step, (error as? NetworkError)?.message ?? "the WebSocket connection failed")
        }
        switch message {
        case nil:
            return fail(&result, step: step, "no message arrived within \(DurationText.format(wait))")
        case let .close(code, reason)?:
            closed = true
            result.failures.append(Diagnostic(
                redactor.redact("the server closed the connection (\(ConversationMessage.closeText(code, reason))) before a message arrived"),
                at: step.location))
            if result.outcome != .error { result.outcome = .failed }
            return false
        case let received?:
            let outcome = await check(received.bytes, step, expectations, captures, scope)
            result.expectations += outcome.expectations
            result.failures += outcome.failures
            if !outcome.failures.isEmpty, result.outcome != .error { result.outcome = .failed }
            for (name, value) in outcome.captures {
                scope[name] = value
                result.captures.append((name, redactor.redact(value)))
            }
            return true
        }
    }

    private func expectClose(
        _ step: WebSocketStep, code: Int?, within wait: Duration, on conversation: any Conversation, closed: inout Bool, result: inout RequestResult
    ) async -> Bool {
        // One deadline for the whole wait: a server that keeps sending never closes. Messages
        // sent before the close are kept in the transcript, not checked.
        let deadline = ContinuousClock.now + wait
        var received: ConversationMessage?
        do {
            while let message = try await conversation.next(within: deadline - ContinuousClock.now) {
                if message.isClose {
                    received = message
                    break
                }
            }
        } catch {
            return fail(&result, step: step, (error as? NetworkError)?.message ?? "the WebSocket connection failed")
        }
        guard case let .close(actual, _)? = received else {
            return fail(&result, step: step, "the server did not close the connection within \(DurationText.format(wait))")
        }
        closed = true
        let passed = code == nil || actual == code
        let checked = ExpectationResult(
            label: "close code", passed: passed, expected: .words(code.map { "\($0)" } ?? "a close"),
            actual: .words(actual.map { "\($0)" } ?? "no code (the connection ended)"), redactor: redactor, location: step.location)
        if !passed {
            result.failures.append(checked.diagnostic)
            if result.outcome != .error { result.outcome = .failed }
        }
        result.expectations.append(checked)
        return true
    }

    /// Ends the exchange with an error at `step`.
    private func fail(_ result: inout RequestResult, step: WebSocketStep, _ message: String) -> Bool {
        result.outcome = .error
        result.failures.append(Diagnostic(redactor.redact(message), at: step.location))
        return false
    }
}

extension ConversationMessage {
    /// Whether it is a close.
    var isClose: Bool {
        if case .close = self { return true }
        return false
    }
}
