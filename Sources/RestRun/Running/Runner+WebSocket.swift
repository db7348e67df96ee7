import NIOCore

extension Runner {
    /// Runs a WebSocket request: the opening handshake with the request's headers, then its
    /// `websocket:` steps in order, as one result whose failures point at their steps. A step that
    /// cannot go on (a refused upgrade, a receive that times out, a message over `max_body`, a
    /// malformed frame) ends the exchange with an error (exit 3); checks that fail (a message's
    /// expectations, a close code) are failures (exit 4) and the steps after them still run.
    func sendWebSocket(
        _ request: DeclaredRequest, prepared: PreparedRequest, of file: PlannedFile, networking: any Networking,
        scope: inout Scope, result: inout RequestResult
    ) async {
        let steps = request.websocket ?? []
        let transport = prepared.transport
        let networker = networking as? Networker
        let log = networker?.delegates.compactMap { $0 as? LoggingDelegate }.first
        log?.webSocket("> GET \(prepared.url)  (WebSocket handshake)")
        var transcript: [ServerSentEvent] = []
        defer { result.events = EventLog(transcript).redacted(by: redactor) }
        let connection: WebSocketConnection
        do {
            // The handshake's headers are merged as an HTTP request's are (defaults, the file's,
            // `auth:`, the delegates' such as cookies, the request's); a handshake has no body to
            // encode, so no Accept-Encoding.
            var merged = try await HeaderMerge.merge(prepared, delegates: networker?.delegates ?? [], networking: networking).headers
            merged.remove("Accept-Encoding")
            // No delegate sees the handshake: the credentials it sends are taught to the redactor
            // here, before a message that echoes them can be shown or reported.
            RedactionDelegate.learnCredentials(in: merged, redactor: redactor)
            let headers = merged.fields.map { ($0.name, $0.value) }
            connection = try await WebSocketConnection.open(
                url: prepared.url, headers: headers, transport: transport, tls: networker?.webSocketTLS(for: transport),
                maxMessage: transport.effectiveMaxBody, deadline: NIODeadline.now() + TimeAmount(transport.effectiveTimeout))
        } catch {
            let message = (error as? NetworkError)?.message ?? "the WebSocket handshake with \(prepared.url) failed (run with -v for the details)"
            result.outcome = .error
            result.failures = [Diagnostic(redactor.redact(message), at: request.location)]
            return
        }
        defer { connection.shutdown() }
        result.status = 101
        log?.webSocket("< HTTP/1.1 101 Switching Protocols")
        let checker = ResponseChecker(registry: file.registry, redactor: redactor)
        var closed = false
        func error(_ message: String, at step: WebSocketStep) {
            result.outcome = .error
            result.failures.append(Diagnostic(redactor.redact(message), at: step.location))
        }
        stepsLoop: for step in steps {
            if isStoppedNow { break }
            switch step.action {
            case .sendText, .sendJSON, .sendBinary:
                let bytes: [UInt8]
                var binary = false
                do throws(Diagnostic) {
                    switch step.action {
                    case let .sendText(template): bytes = Array(try template.render(in: scope).utf8)
                    case let .sendJSON(value): bytes = try value.resolve(in: scope).jsonBytes
                    case let .sendBinary(data):
                        bytes = data
                        binary = true
                    default: bytes = []
                    }
                } catch let failure {
                    result.outcome = .error
                    result.failures.append(Diagnostic(redactor.redact(failure.message), at: failure.location ?? step.location))
                    break stepsLoop
                }
                guard !closed else {
                    error("cannot send: the connection is closed", at: step)
                    break stepsLoop
                }
                do {
                    try await connection.send(bytes, binary: binary)
                } catch {
                    self.failSend(&result, step: step)
                    break stepsLoop
                }
                let shown = binary ? "(\(ByteCount.format(bytes.count)) binary)" : String(decoding: bytes, as: UTF8.self)
                transcript.append(ServerSentEvent(type: "sent", data: shown))
                log?.webSocket("> " + shown)
            case let .receive(expectations, captures, within):
                let wait = within ?? WebSocketStep.defaultWithin
                guard let event = await connection.next(by: NIODeadline.now() + TimeAmount(wait)) else {
                    error("no message arrived within \(DurationText.format(wait))", at: step)
                    break stepsLoop
                }
                switch event {
                case let .failed(sentence):
                    error("\(URLParts(prepared.url)?.hostAndPort ?? prepared.url) \(sentence)", at: step)
                    break stepsLoop
                case let .closed(code, reason):
                    closed = true
                    transcript.append(ServerSentEvent(type: "closed", data: Self.closeText(code, reason)))
                    result.failures.append(Diagnostic(
                        redactor.redact("the server closed the connection (\(Self.closeText(code, reason))) before a message arrived"), at: step.location))
                    if result.outcome != .error { result.outcome = .failed }
                    break stepsLoop
                case let .message(bytes, binary):
                    let shown = String(decoding: bytes, as: UTF8.self)
                    transcript.append(ServerSentEvent(type: "received", data: binary ? "(\(ByteCount.format(bytes.count)) binary) " + shown : shown))
                    log?.webSocket("< " + shown)
                    var message = DeclaredRequest(name: request.name, location: step.location, url: request.url, expectations: expectations, captures: captures)
                    message.decoder = request.decoder
                    message.decoderLocation = request.decoderLocation
                    let response = Response(status: 101, body: bytes, url: prepared.url)
                    let outcome = await checker.check(message, response: response, scope: scope)
                    result.expectations += outcome.expectations
                    result.failures += outcome.failures
                    if !outcome.failures.isEmpty, result.outcome != .error { result.outcome = .failed }
                    for (capture, value) in outcome.captures {
                        scope[capture.name] = value
                        result.captures.append((capture.name, redactor.redact(value)))
                    }
                }
            case let .close(code, reason):
                guard !closed else { continue }
                do {
                    try await connection.close(code: code, reason: reason)
                } catch {
                    self.failSend(&result, step: step)
                    break stepsLoop
                }
                transcript.append(ServerSentEvent(type: "sent", data: "close " + Self.closeText(code, reason)))
                log?.webSocket("> close " + Self.closeText(code, reason))
                // The server answers the close; what it sends before that is not waited for.
                let deadline = NIODeadline.now() + .seconds(2)
                while let event = await connection.next(by: deadline) {
                    if case .message = event { continue }
                    break
                }
                closed = true
            case let .expectClose(code, within):
                let wait = within ?? WebSocketStep.defaultWithin
                // One deadline for the whole wait: a server that keeps sending never closes.
                let deadline = NIODeadline.now() + TimeAmount(wait)
                var received: WebSocketConnection.Event?
                while let event = await connection.next(by: deadline) {
                    if case let .message(bytes, _) = event {
                        // Messages sent before the close are shown (the first ones), not checked.
                        if transcript.count < Self.transcriptLimit {
                            transcript.append(ServerSentEvent(type: "received", data: String(decoding: bytes, as: UTF8.self)))
                        }
                        continue
                    }
                    received = event
                    break
                }
                switch received {
                case nil:
                    error("the server did not close the connection within \(DurationText.format(wait))", at: step)
                    break stepsLoop
                case let .failed(sentence)?:
                    error("\(URLParts(prepared.url)?.hostAndPort ?? prepared.url) \(sentence)", at: step)
                    break stepsLoop
                case let .closed(actual, reason)?:
                    closed = true
                    transcript.append(ServerSentEvent(type: "closed", data: Self.closeText(actual, reason)))
                    log?.webSocket("< close " + Self.closeText(actual, reason))
                    let passed = code == nil || actual == code
                    let checked = ExpectationResult(
                        label: "close code", passed: passed, expected: .words(code.map { "\($0)" } ?? "a close"),
                        actual: .words(actual.map { "\($0)" } ?? "no code (the connection ended)"), redactor: redactor, location: step.location)
                    if !passed {
                        result.failures.append(checked.diagnostic)
                        if result.outcome != .error { result.outcome = .failed }
                    }
                    result.expectations.append(checked)
                case .message?:
                    break
                }
            }
        }
        if !closed, result.outcome != .error {
            // Every exchange ends with the closing handshake.
            try? await connection.close(code: 1000, reason: "")
            _ = await connection.next(by: NIODeadline.now() + .milliseconds(500))
        }
        if result.outcome == .skipped { result.outcome = result.failures.isEmpty ? .passed : .failed }
    }

    private func failSend(_ result: inout RequestResult, step: WebSocketStep) {
        result.outcome = .error
        result.failures.append(Diagnostic("cannot send: the connection is closed", at: step.location))
    }

    /// The most messages an exchange's transcript keeps while waiting for a close.
    static let transcriptLimit = 1000

    private var isStoppedNow: Bool { control?.isStopped == true || Task.isCancelled }

    /// `1000 "bye"`, `1006 (no close frame)`.
    static func closeText(_ code: Int?, _ reason: String) -> String {
        guard let code else { return "no close frame" }
        return reason.isEmpty ? "\(code)" : "\(code) \"\(reason)\""
    }
}
