/// What a declared request of each kind besides plain HTTP reads and sends: the one place a
/// request names them. A new kind adds its case to `ExchangeKind` and its lines here.
extension DeclaredExchange {
    /// Whether an `events:` expectation may read an event's `json`.
    package var eventsReadJSON: Bool {
        self.expectations.contains { expectation in
            if case let .events(path) = expectation.subject { EventStreamSettings.readsJSON(path, overList: true) } else { false }
        }
    }

    /// Whether the request's kind checks the response body itself (GraphQL's `errors`).
    var kindReadsBody: Bool { checksGraphQLErrors }

    /// Whether a GraphQL response with `errors` fails the request: unless an expectation reads them.
    package var checksGraphQLErrors: Bool {
        guard self.kind.graphQL != nil else { return false }
        return !self.expectations.contains { expectation in
            if case let .json(path) = expectation.subject { path.source.contains("errors") } else { false }
        }
    }

    /// Calls `visit` with every template the request's kind reads: a GraphQL operation's
    /// variables, a WebSocket's messages and their checks, a stream's `until:`.
    func forEachKindTemplate(_ visit: (Template) -> Void) {
        switch self.kind {
        case .http: break
        case let .graphQL(operation, stream):
            operation.variables?.forEachTemplate(visit)
            for condition in stream?.until ?? [] { condition.predicate.forEachTemplate(visit) }
        case let .eventStream(stream):
            for condition in stream.until { condition.predicate.forEachTemplate(visit) }
        case let .mcp(call):
            call.forEachTemplate(visit)
        case let .grpc(call):
            call.forEachMessageTemplate(visit)
            call.expectedMessage?.forEachTemplate(visit)
        case let .webSocket(steps):
            for step in steps {
                switch step.action {
                case let .sendText(template): visit(template)
                case let .sendJSON(value): value.forEachTemplate(visit)
                case let .receive(expectations, _, _): for expectation in expectations { expectation.predicate.forEachTemplate(visit) }
                case .sendBinary, .close, .expectClose: break
                }
            }
        }
    }

    /// What the request's kind sends, resolved in `scope`: a GraphQL operation is the body, or
    /// with GET the query's `query`, `operationName` and `variables`; a gRPC call's messages are
    /// the body, as a JSON array.
    func resolveKind(in scope: Scope, query: inout [(String, String)], body: inout RequestBody?) throws(Diagnostic) {
        if let call = self.kind.mcp {
            body = RequestBody(bytes: try call.params(in: scope).jsonBytes, contentType: nil)
            return
        }
        if let call = self.kind.grpc {
            body = RequestBody(bytes: try call.resolvedMessages(in: scope).jsonBytes, contentType: nil)
            return
        }
        guard let graphql = self.kind.graphQL else { return }
        if self.method == .get { query += try graphql.queryItems(in: scope) } else { body = try graphql.body(in: scope) }
    }

    /// Whether the request reads its own captures: a WebSocket exchange's later steps read what
    /// its earlier ones capture (one that reads a value before it is captured fails at that step).
    package var capturesAsItRuns: Bool { self.kind.webSocketSteps != nil }
}
