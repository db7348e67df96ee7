/// What the runner does differently for each kind of request besides plain HTTP: the one place
/// it names them. A new kind adds its lines here.
extension Runner {
    /// How an attempt of `request` goes on the wire, when not as a plain HTTP exchange: an event
    /// stream read as it arrives, a gRPC call. (A WebSocket exchange makes its own handshake
    /// request.)
    func wire(of request: DeclaredExchange, scope: Scope) -> (any WireExchange)? {
        if let call = request.kind.grpc { return GRPCExchange(call: call) }
        if let call = request.kind.mcp {
            for secret in call.server.secrets { redactor.add(secret) }
            return MCPExchange(call: call)
        }
        return request.kind.stream.map { EventStreamExchange(reading: EventStreamReading($0, scope: scope)) }
    }

    /// Whether `-v` shows the request's lines as they come rather than when it is done: a
    /// stream's events are shown as they arrive, unless the request captures a secret (its log
    /// is then held, to be redacted once the secret is known).
    func showsLogLive(_ request: DeclaredExchange) -> Bool {
        request.kind.stream != nil && !request.captures.contains(where: \.isSecret)
    }

    /// The exchange that runs a request of a kind with steps of its own (a WebSocket
    /// conversation), its messages checked as response bodies are: by the request's decoder,
    /// expectations and captures. Nil for a request that is sent and checked once.
    func ownExchange(of request: DeclaredExchange, checker: ResponseChecker) -> WebSocketExchange? {
        guard let steps = request.kind.webSocketSteps else { return nil }
        return WebSocketExchange(
            steps: steps, location: request.location, redactor: redactor,
            isStopped: { [control] in control?.isStopped == true || Task.isCancelled }
        ) { bytes, step, expectations, captures, scope in
            var message = DeclaredExchange(name: request.name, location: step.location, url: request.url, expectations: expectations, captures: captures)
            message.decoder = request.decoder
            message.decoderLocation = request.decoderLocation
            let found = await checker.check(message, response: Response(status: 101, body: bytes), scope: scope)
            return WebSocketExchange.MessageCheck(
                expectations: found.expectations, failures: found.failures, captures: found.captures.map { ($0.capture.name, $0.value) })
        }
    }

    /// What the response's kind received beyond a status and a body (a stream's events, a gRPC
    /// call's status and trailers), redacted.
    func details(of response: Response) -> (any ExchangeDetails)? {
        if response.received != nil, let received = response.grpc { return GRPCCallDetails(received, redactor: redactor) }
        if response.received != nil, let received = response.mcp { return MCPMessages(received, redactor: redactor) }
        guard let stream = response.stream else { return nil }
        return ReceivedEvents(events: stream.events.redacted(by: redactor), firstArrival: stream.firstEvent)
    }

    /// What a failed request's kind received before it failed (a stream's events), redacted.
    func details(of failure: NetworkError) -> (any ExchangeDetails)? {
        failure.events.map { ReceivedEvents(events: $0.redacted(by: redactor), firstArrival: nil) }
    }
}
