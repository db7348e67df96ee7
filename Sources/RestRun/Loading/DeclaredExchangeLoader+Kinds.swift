import RestRunYAML

/// What the loader reads for each kind of request besides plain HTTP: the one place it names
/// them. A new kind adds its key to `ExchangeKey` and its lines here.
extension DeclaredExchangeLoader {
    /// The keys that make a request of another kind than plain HTTP.
    enum ExchangeKey: String, CaseIterable {
        case stream, graphql, websocket, grpc, mcp

        /// Whether the key is the request's body (a request has one).
        var sendsBody: Bool { self == .graphql || self == .grpc || self == .mcp }
    }

    /// Why a request cannot be both kinds, wherever the clash shows (a key or a `ws://` URL).
    static let webSocketWithStream = "a WebSocket request cannot also read an event stream"
    /// Why a gRPC call cannot be another kind too.
    static let grpcWithOtherKind = "a gRPC call (grpc:) cannot also be a GraphQL request, an event stream or a WebSocket"
    /// Why an MCP request cannot be another kind too.
    static let mcpWithOtherKind = "an MCP request (mcp:) cannot also be another kind of request (graphql:, stream:, websocket:, grpc:)"

    /// The name a retry condition such as `UNAVAILABLE` stands for: a gRPC status.
    static func kindStatusName(_ text: String) -> String? {
        guard Int(text) == nil, let code = GRPCStatus.code(text) else { return nil }
        return GRPCStatus.name(code)
    }

    /// Reads a kind's key (`graphql:`, `stream:`, `websocket:`, `grpc:`) into `request`'s kind.
    func loadKind(_ key: ExchangeKey, _ value: Node, into request: inout DeclaredExchange, of node: Node) {
        let kind = request.kind
        if kind.grpc != nil { return context.error(Self.grpcWithOtherKind, at: value) }
        if kind.mcp != nil { return context.error(Self.mcpWithOtherKind, at: value) }
        switch key {
        case .mcp:
            guard let call = MCPLoader(context: context, server: kindSchemas.mcp).load(value) else { return }
            guard case .http = kind else { return context.error(Self.mcpWithOtherKind, at: value) }
            request.kind = .mcp(call)
        case .grpc:
            var loader = GRPCLoader(context: context, schema: kindSchemas.grpc)
            loader.checkLimit = Self.checkLimit(in: node, atMost: GRPCHelper.loadLimit)
            guard let call = loader.load(value) else { return }
            guard case .http = kind else { return context.error(Self.grpcWithOtherKind, at: value) }
            request.kind = .grpc(call)
        case .graphql:
            var loader = GraphQLLoader(context: context, schema: kindSchemas.graphql)
            loader.checkLimit = Self.checkLimit(in: node, atMost: GraphQLChecker.limit)
            guard let operation = loader.load(value) else { return }
            // With WebSocket steps the body itself is the error, reported once all keys are read.
            if let graphQL = kind.sending(operation) { request.kind = graphQL }
        case .stream:
            guard let settings = EventStreamLoader(context: context).load(value) else { return }
            guard let reading = kind.readingStream(settings) else {
                return context.error(Self.webSocketWithStream, at: value)
            }
            request.kind = reading
        case .websocket:
            guard let steps = WebSocketLoader(context: context).load(value) else { return }
            guard kind.stream == nil else {
                return context.error(Self.webSocketWithStream, at: value)
            }
            request.kind = .webSocket(steps)
        }
    }

    /// What a request's kind implies once all its keys are read: a GraphQL request is a POST
    /// unless it says GET (its query then goes in the URL); a `ws://` URL is a WebSocket
    /// exchange, whose captures are its steps', which sends no body and reads no stream.
    func completeKind(_ request: inout DeclaredExchange, node: Node, bodySeen: Node?, expect: Node?, methodGiven: Bool) {
        if request.kind.graphQL != nil, !methodGiven { request.method = .post }
        if var call = request.kind.mcp {
            request.method = .post
            MCPLoader(context: context, server: call.server).loadExpectations(expect, into: &call)
            request.kind = .mcp(call)
            request.url = Template(literal: call.server.address.shownURL, location: call.location)
            if request.name.isEmpty { request.name = call.shownName }
            for expectation in request.expectations {
                if case .status = expectation.subject, let location = expectation.location {
                    context.append([Diagnostic("an MCP request checks its answer with 'mcp_error:' (a tool's isError) and 'rpc_error:' (a JSON-RPC error), not 'status:'", at: location)])
                }
            }
            for key in ["url", "method", "query"] {
                if let keyNode = node.pairs?.first(where: { $0.key.scalarText == key })?.key {
                    context.error("an MCP request goes to the file's mcp_server:, so it takes no '\(key)'", at: keyNode)
                }
            }
            if let expect { GRPCLoader.reportStrayExpectations(expect, context: context) }
            return
        }
        if let expect { MCPLoader.reportStrayExpectations(context.expanded(expect), context: context) }
        if var call = request.kind.grpc {
            request.method = .post
            GRPCLoader(context: context, schema: kindSchemas.grpc).loadExpectations(expect, into: &call)
            request.kind = .grpc(call)
            for expectation in request.expectations {
                if case .status = expectation.subject, let location = expectation.location {
                    context.append([Diagnostic("a gRPC call checks its status with 'grpc_status:' (such as NOT_FOUND), not 'status:'", at: location)])
                }
            }
            if methodGiven, let methodNode = node.pairs?.first(where: { $0.key.scalarText == "method" })?.key {
                context.error("a gRPC call names its method under grpc: (method: package.Service/Method), not with 'method:'", at: methodNode)
            }
            return
        }
        if let expect { GRPCLoader.reportStrayExpectations(expect, context: context) }
        if request.kind.webSocketSteps == nil, WebSocketLoader.isWebSocketURL(request.url) {
            guard request.kind.stream == nil else {
                return context.error(Self.webSocketWithStream, at: node)
            }
            request.kind = .webSocket([])
        }
        guard let steps = request.kind.webSocketSteps else { return }
        for step in steps {
            if case let .receive(_, captures, _) = step.action { request.captures += captures }
        }
        if let body = bodySeen { context.error("a WebSocket request sends its messages with 'send' steps, not a body", at: body) }
    }

    /// How long a kind's check of the request `node` may wait for its helper while the file loads:
    /// `limit`, or the request's own `options: { timeout: }` when it is shorter, so that a helper
    /// that hangs costs the run no more than the request's timeout. The timeout is read here as
    /// written (its errors are reported where the options are read).
    static func checkLimit(in node: Node, atMost limit: Duration) -> Duration {
        min(limit, RequestFileLoader.writtenTimeout(of: node) ?? limit)
    }

    /// The kinds whose requests under a file's `base_url` need no `url` of their own: a gRPC call
    /// (its service and method are in `grpc:`, and a call has no path of its own).
    static let kindsNeedingNoURL = [ExchangeKey.grpc.rawValue]

    /// Whether a request under a file's `base_url` needs no `url` of its own.
    func kindNeedsNoURL(_ node: Node) -> Bool {
        node.pairs?.contains(where: { Self.kindsNeedingNoURL.contains($0.key.scalarText ?? "") }) == true
    }

    /// The kinds whose requests go to an address their file declares, never to a `url` of their
    /// own: an MCP request goes to the file's `mcp_server:`.
    static let kindsWithTheirOwnAddress = [ExchangeKey.mcp.rawValue]

    /// Whether a request is sent to an address its file declares.
    func kindHasItsOwnAddress(_ node: Node) -> Bool {
        node.pairs?.contains(where: { Self.kindsWithTheirOwnAddress.contains($0.key.scalarText ?? "") }) == true
    }

    /// The `expect:` keys each kind reads itself, in the editor schema.
    static var kindExpectSchemas: [(key: String, description: String, schema: DecodedValue)] {
        GRPCLoader.expectEditorSchemas + MCPLoader.expectEditorSchemas
    }

    /// Each kind's key in the editor schema (`rest-run schema`): its description and the shape of
    /// its value.
    static var kindSchemas: [(key: String, description: String, schema: DecodedValue)] {
        [WebSocketLoader.editorSchema, GraphQLLoader.editorSchema, EventStreamLoader.editorSchema, GRPCLoader.editorSchema, MCPLoader.editorSchema]
    }

    /// Whether the request's kind checks its answer itself, so no `2xx` status is expected: a
    /// WebSocket exchange is checked by its upgrade and its steps, a gRPC call by its `grpc_status`.
    func kindChecksItsOwnStatus(_ request: DeclaredExchange) -> Bool {
        request.kind.webSocketSteps != nil || request.kind.grpc != nil || request.kind.mcp != nil
    }
}
