import Dispatch
import OrderedCollections
import RestRun
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The MCP server `rest-run mcp` runs: JSON-RPC a line on standard input and output, at the
/// handshake revisions (`initialize`) and the stateless one (`server/discover`, each request's
/// envelope). Each tool call runs in its own task, so a `notifications/cancelled` stops it, and a
/// call with a progress token is told of its progress.
final class MCPToolServer: Sendable {
    let root: String
    private let output = Mutex(())
    private let running = Mutex<[String: Task<Void, Never>]>([:])

    /// The revisions it speaks: the stateless one, then the handshake ones, newest first.
    static let revisions = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// The longest line read.
    static let lineLimit = 64 * 1024 * 1024

    init(root: String) {
        self.root = root
    }

    /// Serves until standard input ends; calls still running are then cancelled.
    func serve() async {
        for await line in Self.lines() {
            guard let message = try? JSONParser.parse(Array(line.utf8)), case .object = message else {
                send(Self.error(id: .null, code: -32700, message: "Parse error: a line that is not a JSON object"))
                continue
            }
            handle(message)
        }
        let tasks = running.withLock { $0.values }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Standard input's lines, read by a thread of their own (a read blocks).
    private static func lines() -> AsyncStream<String> {
        AsyncStream { continuation in
            DispatchQueue.global().async {
                var buffer: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65_536)
                var skipping = false
                while true {
                    let count = read(0, &chunk, chunk.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    for byte in chunk[..<count] {
                        if byte == UInt8(ascii: "\n") {
                            if !skipping, !buffer.isEmpty { continuation.yield(String(decoding: buffer, as: UTF8.self)) }
                            buffer.removeAll(keepingCapacity: true)
                            skipping = false
                        } else if buffer.count < lineLimit {
                            buffer.append(byte)
                        } else {
                            skipping = true
                        }
                    }
                }
                if !buffer.isEmpty, !skipping { continuation.yield(String(decoding: buffer, as: UTF8.self)) }
                continuation.finish()
            }
        }
    }

    private func handle(_ message: DecodedValue) {
        let method = message.member("method")?.stringValue
        let params = message.member("params") ?? .object([:])
        guard let id = message.member("id") else {
            if method == "notifications/cancelled", let request = params.member("requestId") {
                running.withLock { $0[request.jsonText] }?.cancel()
            }
            return
        }
        guard let method else { return }
        let stateless = params.member("_meta")?.member("io.modelcontextprotocol/protocolVersion") != nil
        switch method {
        case "initialize":
            let asked = params.member("protocolVersion")?.stringValue ?? ""
            let version = Self.revisions.dropFirst().contains(asked) ? asked : Self.revisions[1]
            send(Self.result(id: id, [
                ("protocolVersion", .string(version)), ("capabilities", Self.capabilities), ("serverInfo", Self.serverInfo),
                ("instructions", .string(Self.instructions)),
            ]))
        case "server/discover":
            send(Self.result(id: id, [
                ("supportedVersions", .array(Self.revisions.map { .string($0) })), ("capabilities", Self.capabilities),
                ("instructions", .string(Self.instructions)),
            ] + Self.statelessMembers))
        case "ping":
            send(Self.result(id: id, stateless ? [("resultType", .string("complete"))] : []))
        case "tools/list":
            send(Self.result(id: id, [("tools", .array(MCPTools.all.map { $0.listed }))] + (stateless ? Self.statelessMembers : [])))
        case "tools/call":
            call(id: id, params: params, stateless: stateless)
        default:
            send(Self.error(id: id, code: -32601, message: "Method not found: \(method)"))
        }
    }

    private func call(id: DecodedValue, params: DecodedValue, stateless: Bool) {
        guard let name = params.member("name")?.stringValue, let tool = MCPTools.all.first(where: { $0.name == name }) else {
            let name = params.member("name")?.stringValue ?? ""
            send(Self.error(id: id, code: -32602, message: "Unknown tool: \(name) (rest-run's tools: \(MCPTools.all.map { $0.name }.joined(separator: ", ")))"))
            return
        }
        let arguments = params.member("arguments") ?? .object([:])
        if let problem = tool.problem(with: arguments) {
            send(Self.error(id: id, code: -32602, message: "Invalid arguments for \(name): \(problem)"))
            return
        }
        let token = params.member("_meta")?.member("progressToken")
        let key = id.jsonText
        let task = Task { [self] in
            let progress: @Sendable (Int, Int?, String) -> Void = { [self] done, total, message in
                guard let token else { return }
                var members: [(String, DecodedValue)] = [("progressToken", token), ("progress", .integer(done))]
                if let total { members.append(("total", .integer(total))) }
                members.append(("message", .string(message)))
                send(.object(fromPairs: [("jsonrpc", .string("2.0")), ("method", .string("notifications/progress")), ("params", .object(fromPairs: members))]))
            }
            let outcome = await tool.run(arguments, MCPToolContext(root: root, progress: progress))
            let cancelled = Task.isCancelled
            running.withLock { _ = $0.removeValue(forKey: key) }
            // A cancelled request is not answered, as the specification says.
            guard !cancelled else { return }
            var members: [(String, DecodedValue)]
            switch outcome {
            case let .success(structured):
                members = [("content", .array([.object(fromPairs: [("type", .string("text")), ("text", .string(structured.prettyJSONText))])])),
                           ("structuredContent", structured), ("isError", .bool(false))]
            case let .failure(problem):
                members = [("content", .array([.object(fromPairs: [("type", .string("text")), ("text", .string(problem.message))])])), ("isError", .bool(true))]
            }
            if stateless { members.append(("resultType", .string("complete"))) }
            send(Self.result(id: id, members))
        }
        running.withLock { $0[key] = task }
    }

    /// Writes one message, whole, as one line.
    func send(_ message: DecodedValue) {
        let bytes = Array((message.jsonText + "\n").utf8)
        output.withLock { _ in
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                written += count
            }
        }
    }

    private static func result(id: DecodedValue, _ members: [(String, DecodedValue)]) -> DecodedValue {
        .object(fromPairs: [("jsonrpc", .string("2.0")), ("id", id), ("result", .object(fromPairs: members))])
    }

    private static func error(id: DecodedValue, code: Int, message: String) -> DecodedValue {
        .object(fromPairs: [
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object(fromPairs: [("code", .integer(code)), ("message", .string(message))])),
        ])
    }

    private static let capabilities = DecodedValue.object(fromPairs: [("tools", .object(fromPairs: [("listChanged", .bool(false))]))])
    private static let serverInfo = DecodedValue.object(fromPairs: [("name", .string("rest-run")), ("version", .string(RestRunVersion.current))])
    /// What a stateless result carries beside its own members.
    private static let statelessMembers: [(String, DecodedValue)] = [
        ("resultType", .string("complete")), ("ttlMs", .integer(0)), ("cacheScope", .string("private")),
        ("_meta", .object(fromPairs: [("io.modelcontextprotocol/serverInfo", serverInfo)])),
    ]
    private static let instructions = "rest-run runs REST, GraphQL, gRPC, WebSocket and MCP requests declared in YAML request files and checks their responses. Use check before run; list shows a file's requests; import turns curl, HAR, Postman or OpenAPI text into a request file; schema gives the request-file format."
}
