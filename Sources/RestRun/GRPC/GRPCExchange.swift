import RestRunHelperProtocol

/// One attempt of a gRPC call, made by `rest-run-grpc`: the request's headers (after every
/// delegate, `auth:` included) go as metadata, its body (the messages as a JSON array, resolved
/// by the request's kind) as the messages. The response's headers are the initial metadata and
/// its body the response message (an array of them for a server stream); the status and the
/// trailers ride along as `GRPCReceived`.
struct GRPCExchange: WireExchange {
    let call: GRPCCall

    /// gRPC has no idempotent-method rule: `retry:` retries any call.
    var retriesAnyMethod: Bool { true }

    /// Headers that are HTTP/2's or gRPC's own, never metadata.
    static let reservedHeaders: Set<String> = [
        "content-type", "content-length", "host", "connection", "te", "transfer-encoding", "keep-alive", "upgrade",
        "proxy-connection", "accept-encoding", "user-agent",
    ]

    func exchange(_ request: PreparedRequest, through wire: WireContext) async throws -> Response {
        guard let parts = URLParts(request.url), parts.scheme == "grpc" || parts.scheme == "grpcs" else {
            throw NetworkError(.invalidURL, "a gRPC call goes to a grpc:// or grpcs:// URL, not \(request.url)")
        }
        let usesTLS = parts.scheme == "grpcs"
        let port = parts.portText.flatMap { Int($0) } ?? (usesTLS ? 443 : 80)
        guard (1...65535).contains(port), !parts.host.isEmpty else {
            throw NetworkError(.invalidURL, "\(request.url) has no host or a port outside 1 to 65535")
        }
        let timeout = request.transport.effectiveTimeout
        let host = parts.host
        let target = GRPCTarget(
            host: host, port: port, usesTLS: usesTLS, caFile: request.transport.caFile, certificateFile: request.transport.certFile,
            keyFile: request.transport.keyFile, insecure: request.transport.insecure == true,
            address: wire.pool.dnsOverride[host] ?? wire.pool.dnsOverride[host.lowercased()],
            connectTimeout: request.transport.connectTimeout ?? wire.pool.mainConnectTimeout)
        let messages: [JSONValue]
        if let body = request.body {
            guard let parsed = try? JSONValueReader.parse(body.bytes), let items = parsed.items else {
                throw NetworkError(.invalidRequest, "the messages of a gRPC call are a JSON array")
            }
            messages = items
        } else {
            messages = [.object([])]
        }
        var grpcCall = GRPCHelperRequest.Call(
            target: target, method: call.method, metadata: Self.metadata(of: request).map { GRPCHelperRequest.Metadatum($0.name, $0.value) },
            messages: messages, timeout: timeout, maxBody: request.transport.effectiveMaxBody)
        // The helper keeps the call's own deadline; this side waits a moment longer for its word
        // on it, and no longer, whatever the helper does.
        let limit = timeout + .milliseconds(250)
        if let schema = call.schema {
            do throws(GRPCSchema.Unreadable) {
                grpcCall.schema = try await schema.number(within: limit)
            } catch {
                throw NetworkError(.invalidRequest, error.message)
            }
        }
        let answer: GRPCHelperAnswer
        let responseBody: [UInt8]?
        do throws(GRPCHelper.Unanswered) {
            (answer, responseBody, _) = try await GRPCHelper.ask(.call(grpcCall), within: max(limit - (ContinuousClock.now - wire.start), .milliseconds(1)))
        } catch {
            guard error.message.contains("did not answer within") else { throw NetworkError(.other, error.message) }
            throw NetworkError(.timeout, "rest-run-grpc did not answer within \(DurationText.format(timeout)) (the request's timeout)")
        }
        if let failure = answer.failure {
            let kind: NetworkError.Kind = switch failure.kind {
            case "connection": failure.message.contains("refused") ? .connectionRefused : .connectionClosed
            case "connectTimeout": .connectTimeout
            case "tls": .tls
            case "protocol", "response": .protocolError
            case "deadline": .timeout
            case "bodyTooLarge": .bodyTooLarge
            default: .other
            }
            throw NetworkError(kind, failure.message)
        }
        let check = GRPCCheckAnswer(answer)
        let problems = check.diagnostics(for: call, written: nil)
        if let first = problems.first {
            var error = NetworkError(.invalidRequest, first.message)
            error.location = first.location
            error.notes = problems.dropFirst().map { problem in
                problem.location.map { "\($0.file):\($0.line):\($0.column): \(problem.message)" } ?? problem.message
            }
            throw error
        }
        guard let outcome = answer.outcome else {
            throw NetworkError(.other, "rest-run-grpc gave no outcome for the call")
        }
        func fields(_ list: [GRPCHelperRequest.Metadatum]) -> Headers {
            Headers(list.map { ($0.name, $0.value) })
        }
        let bytes = responseBody ?? []
        var response = Response(
            status: 200, headers: fields(outcome.headers), body: bytes, url: request.url,
            duration: ContinuousClock.now - wire.start)
        response.bodySize = bytes.count
        response.version = "2"
        response.received = GRPCReceived(
            status: outcome.status, message: outcome.message, trailerFields: fields(outcome.trailers),
            responseCount: outcome.count)
        return response
    }
}

extension GRPCExchange {
    /// Not as a call's metadata.
    var sendsDefaultHeaders: Bool { false }

    /// The metadata a request sends: its headers but HTTP/2's and gRPC's own.
    static func metadata(of request: PreparedRequest) -> [(name: String, value: String)] {
        request.headers.fields
            .filter { !reservedHeaders.contains($0.name.lowercased()) && !$0.name.lowercased().hasPrefix("grpc-") }
            .map { ($0.name.lowercased(), $0.value) }
    }

    /// `> grpc://host:port package.Service/Method`, the metadata, then each message as JSON.
    func logLines(sending request: PreparedRequest, redactor: Redactor) -> [String]? {
        let target = URLParts(request.url).map { "\($0.scheme)://\($0.hostAndPort)" } ?? request.url
        var lines = ["> \(target) \(call.method)"]
        for (name, value) in Self.metadata(of: request) {
            lines.append("> \(name): \(redactor.headerValue(name: name, value: value))")
        }
        if let body = request.body, case let .array(messages)? = try? JSONParser.parse(body.bytes) {
            for message in messages { lines.append("> " + message.jsonText) }
        }
        return lines
    }

    /// `< OK (0)`, the initial metadata, each response message as JSON, then the trailers.
    func logLines(receiving response: Response, duration: Duration, redactor: Redactor) -> [String]? {
        guard let received = response.grpc else { return nil }
        let count = received.responseCount
        var status = "< \(GRPCStatus.describe(received.status))"
        if !received.message.isEmpty { status += ": \(received.message)" }
        var lines = [status + "  (\(DurationText.format(duration)), \(count) message\(count == 1 ? "" : "s"))"]
        for field in response.headers {
            lines.append("< \(field.name): \(redactor.headerValue(name: field.name, value: field.value))")
        }
        if !response.body.isEmpty, let body = try? JSONParser.parse(response.body) {
            if case let .array(messages) = body, messages.count == count {
                for message in messages { lines.append("< " + message.jsonText) }
            } else {
                lines.append("< " + body.jsonText)
            }
        }
        for field in received.trailerFields {
            lines.append("< trailer \(field.name): \(redactor.headerValue(name: field.name, value: field.value))")
        }
        return lines
    }
}

extension GRPCExchange {
    /// `grpcurl -plaintext -d '{...}' -H 'name: value' host:port package.Service/Method`, with
    /// `-cacert`, `-insecure`, `-cert` and `-key` as the request's TLS settings say, and the
    /// schema's `.proto` files or descriptor set (without them grpcurl asks for reflection).
    func command(for request: PreparedRequest, redactor: Redactor) -> String? {
        // In single quotes, for a POSIX shell.
        func quote(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
        let parts = URLParts(request.url)
        var words = ["grpcurl"]
        if parts?.scheme == "grpcs" {
            if request.transport.insecure == true { words.append("-insecure") }
            if let ca = request.transport.caFile { words.append("-cacert " + quote(ca)) }
            if let cert = request.transport.certFile { words.append("-cert " + quote(cert)) }
            if let key = request.transport.keyFile { words.append("-key " + quote(key)) }
        } else {
            words.append("-plaintext")
        }
        switch call.schema?.source {
        case let .protoFiles(files, importPaths)?:
            for path in importPaths { words.append("-import-path " + quote(path)) }
            for file in files {
                if importPaths.isEmpty {
                    let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                    words.append("-import-path " + quote(file.contains("/") ? (folder.isEmpty ? "/" : folder) : "."))
                }
                words.append("-proto " + quote(file))
            }
        case let .descriptorSet(path)?:
            words.append("-protoset " + quote(path))
        case nil:
            break
        }
        if let body = request.body, case let .array(messages)? = try? JSONParser.parse(body.bytes) {
            words.append("-d " + quote(redactor.redact(messages.map(\.jsonText).joined(separator: " "))))
        }
        for (name, value) in Self.metadata(of: request) {
            words.append("-H " + quote("\(name): \(redactor.headerValue(name: name, value: value))"))
        }
        words.append(parts.map { quote($0.hostAndPort) } ?? quote(request.url))
        words.append(call.method)
        return words.joined(separator: " ")
    }
}
