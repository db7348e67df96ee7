extension ResponseChecker {
    /// The checks a request's kind adds: a GraphQL response's `errors` (unless an expectation
    /// reads them), a stream that was not one or ended before `until:` held.
    func kindFailures(of request: DeclaredExchange, response: Response) -> [Diagnostic] {
        var failures: [Diagnostic] = []
        if request.checksGraphQLErrors, var failure = GraphQLErrors.failure(in: response, at: request.location) {
            failure.message = redactor.redact(failure.message)
            failure.notes = failure.notes.map(redactor.redact)
            failures.append(failure)
        }
        if let stream = request.kind.stream, let received = response.stream {
            failures += stream.failures(of: received, response: response)
        }
        return failures
    }

    /// The expectations a request's kind checks itself, with their results: a gRPC call's status
    /// (OK unless `grpc_status:` says) and `grpc_message:`.
    func kindResults(of request: DeclaredExchange, response: Response, scope: Scope) -> [ExpectationResult] {
        guard response.received != nil else { return [] }
        if let call = request.kind.mcp, let received = response.mcp {
            return call.results(of: received, result: received.error == nil ? try? JSONParser.parse(response.body) : nil, scope: scope, redactor: redactor)
        }
        guard let call = request.kind.grpc, let received = response.grpc else { return [] }
        return call.results(of: received, scope: scope, redactor: redactor)
    }

    /// What an `events:` or `first_event` expectation reads of an event stream, and what to say
    /// when nothing is there; `cache` keeps every event's value for the request's other paths.
    func kindSubject(
        _ expectation: Expectation, of request: DeclaredExchange, response: Response, cache: inout DecodedValue?
    ) -> (actual: DecodedValue?, missing: String) {
        switch expectation.subject {
        case let .events(path):
            let counting: Bool = if case .count = expectation.predicate { true } else { false }
            let actual = response.events(at: path, counting: counting, readsJSON: request.eventsReadJSON, cache: &cache)
            return (actual, response.stream == nil ? "no event stream (the request has no 'stream:')" : "no event at this path")
        case .firstEvent:
            return (response.stream?.firstEvent.map { .number($0.milliseconds) }, "no event arrived")
        default:
            return (nil, "nothing")
        }
    }

    /// What `capture: {name: {events: PATH}}` takes from an event stream.
    func kindCapture(events path: JSONPath, response: Response) -> Result<DecodedValue, Missing> {
        guard let stream = response.stream else { return .failure(Missing(message: "the request has no 'stream:'")) }
        let nodes = path.select(stream.value(includingJSON: EventStreamSettings.readsJSON(path, overList: true)))
        guard path.isSingular else { return .success(.array(nodes)) }
        guard let node = nodes.first else { return .failure(Missing(message: "no event at \(path.source)")) }
        return .success(node)
    }
}
