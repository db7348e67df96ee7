/// The kind of a declared exchange: the one type that says what a step exchanges. A plain HTTP
/// request is the default; each other kind declares itself in its own folder (`GraphQL/`, `Streams/`,
/// `WebSocket/`, `GRPC/`) and is one case here. A new kind adds its case and the lines that
/// register it in each stage's `+Kinds` file.
package enum ExchangeKind: Sendable {
    /// A request and its response.
    case http
    /// `graphql:`: an operation sent as the body (or, with GET, in the query); with `stream:` its
    /// answer is read as an event stream (a subscription over server-sent events).
    case graphQL(GraphQLOperation, stream: EventStreamSettings?)
    /// `stream:`: the response read as an event stream, event by event.
    case eventStream(EventStreamSettings)
    /// `websocket:` or a `ws://` URL: a conversation of these steps after the handshake.
    case webSocket([WebSocketStep])
    /// `grpc:`: a call of a gRPC method, its messages in the proto3 JSON mapping. Boxed: the call
    /// is large, and every request's kind is copied as it is read.
    indirect case grpc(GRPCCall)
    /// `mcp:`: a JSON-RPC request to the file's MCP server (`mcp_server:`). Boxed, as a gRPC call.
    indirect case mcp(MCPCall)

    /// The GraphQL operation the request sends, if it is one.
    package var graphQL: GraphQLOperation? {
        if case let .graphQL(operation, _) = self { operation } else { nil }
    }

    /// How the response is read as an event stream, if it is.
    package var stream: EventStreamSettings? {
        switch self {
        case let .eventStream(settings): settings
        case let .graphQL(_, settings): settings
        case .http, .webSocket, .grpc, .mcp: nil
        }
    }

    /// The steps of a WebSocket conversation, if the request is one.
    package var webSocketSteps: [WebSocketStep]? {
        if case let .webSocket(steps) = self { steps } else { nil }
    }

    /// The gRPC call the request makes, if it is one.
    package var grpc: GRPCCall? {
        if case let .grpc(call) = self { call } else { nil }
    }

    /// The MCP request the step makes, if it is one.
    package var mcp: MCPCall? {
        if case let .mcp(call) = self { call } else { nil }
    }

    /// The exchange that also reads its answer as an event stream; nil when this kind cannot (a
    /// WebSocket conversation, a gRPC call, an MCP request).
    func readingStream(_ settings: EventStreamSettings) -> ExchangeKind? {
        if webSocketSteps != nil || grpc != nil || mcp != nil { return nil }
        return graphQL.map { .graphQL($0, stream: settings) } ?? .eventStream(settings)
    }

    /// The exchange that sends `operation`, keeping a stream it reads; nil when this kind cannot
    /// (a WebSocket conversation, a gRPC call).
    func sending(_ operation: GraphQLOperation) -> ExchangeKind? {
        webSocketSteps == nil && grpc == nil && mcp == nil ? .graphQL(operation, stream: stream) : nil
    }

    /// The kind's name, as `rest-run mcp`'s `list` tool gives it: `http`, `graphql`, `stream`,
    /// `websocket`, `grpc` or `mcp`.
    package var name: String {
        switch self {
        case .http: "http"
        case .graphQL: "graphql"
        case .eventStream: "stream"
        case .webSocket: "websocket"
        case .grpc: "grpc"
        case .mcp: "mcp"
        }
    }

    /// The labels of the checks that read a response's status, the HTTP one and each kind's own
    /// (a gRPC call's `grpc_status`): `rest-run load` counts their failures as status errors.
    package static let statusLabels: Set<String> = ["status", "grpc_status"]
}
