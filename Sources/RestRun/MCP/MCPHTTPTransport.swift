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
    /// `auth:` that acts while sending, and the networker that applies it as it does a request's.
    private let auth: RequestAuth?
    private let networker: Networker?
    private let insecure: Bool

    init(
        url: String, headers: [MCPHeader], insecure: Bool, caFile: String?, resolve: [String: String], auth: RequestAuth?,
        receive: @escaping @Sendable ([UInt8], Int?) -> Void
    ) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if insecure { tls.certificateVerification = .none }
        if let caFile { tls.trustRoots = .file(caFile) }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.dnsOverride = resolve
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.client = client
        self.url = url
        self.headers = headers
        self.receive = receive
        self.auth = auth
        self.insecure = insecure
        networker = auth.map { _ in Networker(client: client, delegates: [AuthDelegate(redactor: Redactor())]) }
    }

    func send(_ message: [UInt8], answering id: Int?, headers extra: [MCPHeader], within limit: Duration) async throws(MCPFailure) {
        if let auth, let networker { return try await sendAuthorized(message, answering: id, headers: extra, within: limit, auth: auth, networker: networker) }
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

    /// Sends a POST through rest-run's networker, which applies `auth` as it does a request's: a
    /// token fetched (and fetched again after a 401), a Digest answer after the challenge, a
    /// signature. Its answer is read whole, an event stream's events then handed on in order.
    private func sendAuthorized(
        _ message: [UInt8], answering id: Int?, headers extra: [MCPHeader], within limit: Duration, auth: RequestAuth, networker: Networker
    ) async throws(MCPFailure) {
        var fields: [(String, String)] = [("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream")]
        for header in headers + extra {
            fields.removeAll { $0.0.lowercased() == header.name.lowercased() }
            fields.append((header.name, header.value))
        }
        if let session = sessionID.withLock({ $0 }) { fields.append(("Mcp-Session-Id", session)) }
        var transport = TransportOptions()
        transport.timeout = limit
        transport.maxBody = Self.answerLimit
        if insecure { transport.insecure = true }
        var request = PreparedRequest(
            name: "MCP", method: .post, url: url, headers: Headers(fields), body: RequestBody(bytes: message, contentType: "application/json"),
            transport: transport)
        request.auth = auth
        let response: Response
        do {
            response = try await networker.send(request)
        } catch let error as NetworkError {
            throw MCPFailure(error.kind == .timeout ? .timeout : .unreachable, "the MCP server at \(url): \(error.message)")
        } catch {
            throw Self.failure(error, url: url, limit: limit)
        }
        if let session = response.headers["Mcp-Session-Id"], !session.isEmpty { sessionID.withLock { $0 = session } }
        let status = response.status
        if status == 202 || status == 204 { return }
        let bytes = response.body
        if status >= 300 {
            if let id, Self.isError(bytes, answering: id) { return receive(bytes, id) }
            let text = String(decoding: bytes.prefix(300), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
            throw MCPFailure(.http, "the MCP server at \(url) answered HTTP \(status)" + (text.isEmpty ? "" : ": \(text)"))
        }
        if response.headers["Content-Type"]?.lowercased().hasPrefix("text/event-stream") == true {
            var events = MCPEventStreamReader()
            for data in events.read(bytes + [10, 10]) { receive(data, id) }
        } else if !bytes.isEmpty {
            receive(bytes, id)
        }
    }

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
