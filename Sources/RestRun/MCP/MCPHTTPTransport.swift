import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// An MCP server over Streamable HTTP: each message is a POST, answered with JSON, with an event
/// stream of messages, or with 202 for a notification or a response. The session id the server
/// gives (`Mcp-Session-Id`) goes with every later POST, and the session is deleted at the end.
final class MCPHTTPTransport: MCPTransport {
    /// The most an answer may hold.
    static let answerLimit = 64 * 1024 * 1024

    private let client: HTTPClient
    private let url: String
    private let headers: [MCPHeader]
    private let sessionID = Mutex<String?>(nil)
    private let receive: @Sendable ([UInt8], Int?) -> Void

    init(
        url: String, headers: [MCPHeader], insecure: Bool, caFile: String?, resolve: [String: String],
        receive: @escaping @Sendable ([UInt8], Int?) -> Void
    ) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if insecure { tls.certificateVerification = .none }
        if let caFile { tls.trustRoots = .file(caFile) }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.dnsOverride = resolve
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.url = url
        self.headers = headers
        self.receive = receive
    }

    func send(_ message: [UInt8], answering id: Int?, headers extra: [MCPHeader], within limit: Duration) async throws(MCPFailure) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json, text/event-stream")
        for header in headers + extra { request.headers.replaceOrAdd(name: header.name, value: header.value) }
        if let session = sessionID.withLock({ $0 }) { request.headers.replaceOrAdd(name: "Mcp-Session-Id", value: session) }
        request.body = .bytes(message)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: Self.amount(limit))
        } catch {
            throw Self.failure(error, url: url, limit: limit)
        }
        if let session = response.headers.first(name: "mcp-session-id"), !session.isEmpty {
            sessionID.withLock { $0 = session }
        }
        let status = Int(response.status.code)
        if status == 202 || status == 204 { return }
        let contentType = response.headers.first(name: "content-type")?.lowercased() ?? ""
        do {
            if status < 300, contentType.hasPrefix("text/event-stream") {
                var events = MCPEventStreamReader()
                var total = 0
                for try await chunk in response.body {
                    total += chunk.readableBytes
                    guard total <= Self.answerLimit else {
                        throw MCPFailure(.notJSONRPC, "the MCP server's event stream held more than \(ByteCount.format(Self.answerLimit))")
                    }
                    for data in events.read(chunk.readableBytesView) { receive(data, id) }
                }
                return
            }
            let body = try await response.body.collect(upTo: Self.answerLimit)
            let bytes = Array(body.readableBytesView)
            if status >= 300 {
                if let id, Self.isError(bytes, answering: id) { return receive(bytes, id) }
                let text = String(decoding: bytes.prefix(300), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
                throw MCPFailure(.http, "the MCP server at \(url) answered HTTP \(status)" + (text.isEmpty ? "" : ": \(text)"))
            }
            guard !bytes.isEmpty else { return }
            receive(bytes, id)
        } catch let failure as MCPFailure {
            throw failure
        } catch {
            throw Self.failure(error, url: url, limit: limit)
        }
    }

    var serverErrors: [String] { [] }

    func end() {
        if let session = sessionID.withLock({ $0 }) {
            var request = HTTPClientRequest(url: url)
            request.method = .DELETE
            for header in headers { request.headers.replaceOrAdd(name: header.name, value: header.value) }
            request.headers.add(name: "Mcp-Session-Id", value: session)
            let client = client
            let deletion = request
            _ = MCPBlockingWait.run(within: .seconds(3)) {
                _ = try? await client.execute(deletion, timeout: .seconds(2))
            }
        }
        try? client.syncShutdown()
    }

    /// Whether `bytes` is a JSON-RPC error answering request `id` (an HTTP 4xx may carry one).
    private static func isError(_ bytes: [UInt8], answering id: Int) -> Bool {
        guard let value = try? JSONParser.parse(bytes), value.member("error") != nil else { return false }
        return value.member("id") == .integer(id) || value.member("id") == .null
    }

    private static func failure(_ error: any Error, url: String, limit: Duration) -> MCPFailure {
        if error is CancellationError { return MCPFailure(.cancelled, "the request to the MCP server was cancelled") }
        if let client = error as? HTTPClientError, client == .deadlineExceeded || client == .readTimeout {
            return MCPFailure(.timeout, "the MCP server at \(url) did not answer within \(DurationText.format(limit))")
        }
        let text = String(describing: error)
        let reason = text.contains("refused") ? " (connection refused)" : text.contains("certificate") || text.contains("TLS") || text.contains("handshake") ? " (TLS handshake failed)" : ""
        return MCPFailure(.unreachable, "cannot reach the MCP server at \(url)\(reason)")
    }

    private static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds >= Int64.max / 1_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
