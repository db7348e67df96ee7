extension Runner {
    /// The exchange of a request with `websocket:` steps, its messages checked as response bodies
    /// are: by the request's decoder, expectations and captures.
    func webSocketExchange(_ request: DeclaredRequest, checker: ResponseChecker) -> WebSocketExchange {
        WebSocketExchange(
            steps: request.websocket ?? [], location: request.location, redactor: redactor,
            isStopped: { [control] in control?.isStopped == true || Task.isCancelled }
        ) { bytes, step, expectations, captures, scope in
            var message = DeclaredRequest(name: request.name, location: step.location, url: request.url, expectations: expectations, captures: captures)
            message.decoder = request.decoder
            message.decoderLocation = request.decoderLocation
            let found = await checker.check(message, response: Response(status: 101, body: bytes), scope: scope)
            return WebSocketExchange.MessageCheck(
                expectations: found.expectations, failures: found.failures, captures: found.captures.map { ($0.capture.name, $0.value) })
        }
    }
}
