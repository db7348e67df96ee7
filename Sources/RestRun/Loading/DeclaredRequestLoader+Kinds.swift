import RestRunYAML

/// What the loader reads for each kind of request besides plain HTTP: the one place it names
/// them. A new kind adds its key to `DeclaredRequestLoader.Key` and its lines here.
extension DeclaredRequestLoader {
    /// Reads a kind's key (`graphql:`, `stream:`, `websocket:`) into `request`.
    func loadKind(_ key: Key, _ value: Node, into request: inout DeclaredRequest) {
        switch key {
        case .graphql: request.graphql = GraphQLLoader(context: context, schema: graphqlSchema).load(value)
        case .stream: request.stream = EventStreamLoader(context: context).load(value)
        case .websocket: request.websocket = WebSocketLoader(context: context).load(value)
        default: break
        }
    }

    /// What a request's kind implies once all its keys are read: a GraphQL request is a POST
    /// unless it says GET (its query then goes in the URL); a `ws://` URL is a WebSocket
    /// exchange, whose captures are its steps', which sends no body and reads no stream.
    func completeKind(_ request: inout DeclaredRequest, node: Node, bodySeen: Node?, methodGiven: Bool) {
        if request.graphql != nil, !methodGiven { request.method = .post }
        let url = request.url.description.lowercased()
        if url.hasPrefix("ws://") || url.hasPrefix("wss://"), request.websocket == nil { request.websocket = [] }
        guard let steps = request.websocket else { return }
        for step in steps {
            if case let .receive(_, captures, _) = step.action { request.captures += captures }
        }
        if let body = bodySeen { context.error("a WebSocket request sends its messages with 'send' steps, not a body", at: body) }
        if request.stream != nil { context.error("a WebSocket request cannot also read an event stream", at: node) }
    }

    /// Whether the request's kind checks its answer itself, so no `2xx` status is expected: a
    /// WebSocket exchange is checked by its upgrade and its steps.
    func kindChecksItsOwnStatus(_ request: DeclaredRequest) -> Bool {
        request.websocket != nil
    }
}
