import Synchronization

/// What `rest-run-grpc` answers: one JSON line for each request line, tagged with the request's
/// `id`, so that calls run side by side and answer in any order. rest-run keeps grpc-swift,
/// SwiftNIO's HTTP/2 and swift-protobuf out of its own binary, where their conformance records
/// would lengthen the runtime's searches in every run, gRPC or not.
///
/// Requests (`"op"` says which):
/// - `schema`: `{"proto": [PATH], "importPaths": [PATH]}` or `{"protoset": PATH}`, answered
///   `{"schema": N}` or `{"error": {"file", "line", "column", "message", "unknown"?, "candidates"?}}`.
/// - `check`: `{"schema": N, "method": "pkg.Service/Method", "messages": [JSON]}` (strings holding
///   `{{` pass for any type), answered `{"method": METHOD, "problems": [PROBLEM]}` or
///   `{"unknownMethod": {"message", "unknown", "candidates"}}`.
/// - `call`: `{"target": TARGET, "schema": N?, "method", "metadata": [[NAME, VALUE]], "messages":
///   [JSON], "timeout": SECONDS?}` (no schema: the server's reflection), answered `{"outcome":
///   {"status", "message", "headers", "trailers", "count"}, "method": METHOD}`, a tab, and the
///   response body as JSON text (the one response message, nothing when there is none, or the
///   array of them for a server-streaming method), which rest-run takes as it is rather than
///   parse and write it again; `{"failure": {"kind", "message"}}`; or, when the messages do not
///   fit the method, `{"problems": ...}` or `{"unknownMethod": ...}`. Answers are compact JSON:
///   a tab or a newline only ever separates.
///
/// A PROBLEM is `{"message": INDEX, "path": [STEP], "text", "unknown"?, "candidates"?, "atKey"?}`;
/// a METHOD `{"input", "output", "clientStreaming", "serverStreaming"}`.
package final class GRPCService: Sendable {
    private let schemas = Mutex<[DescriptorPool]>([])
    private let reflected = Mutex<[CallTarget: Task<DescriptorPool, any Error>]>([:])
    let channels = ChannelPool()

    package init() {}

    /// The answer to one request line, as one line of JSON (no newline).
    func answer(_ line: some Collection<UInt8>) async -> String {
        let request: ProtoJSON
        do throws(ProtoJSONParser.SyntaxFailure) {
            request = try ProtoJSONParser.parse(line)
        } catch {
            return ProtoJSON.object([ProtoJSON.Property("failure", .object([ProtoJSON.Property("kind", .string("request")), ProtoJSON.Property("message", .string("rest-run-grpc cannot read its request: \(error.message)"))]))]).text
        }
        var members: [ProtoJSON.Property] = []
        if let id = request["id"] { members.append(ProtoJSON.Property("id", id)) }
        switch request["op"] {
        case .string("schema")?: members += schema(request)
        case .string("check")?: members += check(request)
        case .string("call")?:
            let (called, body) = await call(request)
            members += called
            if let body { return ProtoJSON.object(members).text + "\t" + body }
        default: members.append(Self.failure("request", "rest-run-grpc does not know this request"))
        }
        return ProtoJSON.object(members).text
    }

    private static func failure(_ kind: String, _ message: String) -> ProtoJSON.Property {
        ProtoJSON.Property("failure", .object([ProtoJSON.Property("kind", .string(kind)), ProtoJSON.Property("message", .string(message))]))
    }

    private static func strings(_ json: ProtoJSON?) -> [String] {
        guard case .array(let items)? = json else { return [] }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    // MARK: Schemas

    private func schema(_ request: ProtoJSON) -> [ProtoJSON.Property] {
        do throws(ProtoSyntaxError) {
            let pool: DescriptorPool
            if case .string(let path)? = request["protoset"] {
                pool = try DescriptorPool(files: try DescriptorSetReader.load(path))
            } else {
                pool = try DescriptorPool(files: try ProtoFileLoader.load(Self.strings(request["proto"]), importPaths: Self.strings(request["importPaths"])))
            }
            let number = schemas.withLock { schemas in
                schemas.append(pool)
                return schemas.count - 1
            }
            return [ProtoJSON.Property("schema", .number(String(number)))]
        } catch {
            var fields = [
                ProtoJSON.Property("file", .string(error.file)), ProtoJSON.Property("line", .number(String(error.line))),
                ProtoJSON.Property("column", .number(String(error.column))), ProtoJSON.Property("message", .string(error.message)),
            ]
            if let unknown = error.unknown {
                fields.append(ProtoJSON.Property("unknown", .string(unknown)))
                fields.append(ProtoJSON.Property("candidates", .array(error.candidates.map { .string($0) })))
            }
            return [ProtoJSON.Property("error", .object(fields))]
        }
    }

    private func pool(_ request: ProtoJSON) -> DescriptorPool? {
        guard case .number(let text)? = request["schema"], let number = Int(text) else { return nil }
        return schemas.withLock { $0.indices.contains(number) ? $0[number] : nil }
    }

    // MARK: Checks

    /// The method `name` names (`pkg.Service/Method`, or with a dot before the method).
    private static func method(_ name: String, in pool: DescriptorPool) -> Result<DescriptorPool.Method, Refusal> {
        var key = name.hasPrefix("/") ? String(name.dropFirst()) : name
        if !key.contains("/"), let dot = key.lastIndex(of: ".") {
            key.replaceSubrange(dot...dot, with: "/")
        }
        if let method = pool.methods[key] { return .success(method) }
        let service = key.split(separator: "/").first.map(String.init) ?? key
        let message: String
        let candidates: [String]
        if pool.services.contains(service) {
            message = "service \(service) has no method \(key.split(separator: "/").last.map(String.init) ?? "")"
            candidates = pool.methods.keys.filter { $0.hasPrefix(service + "/") }.sorted()
        } else if pool.services.isEmpty {
            message = "no service is declared, so there is no method \(key)"
            candidates = []
        } else {
            message = "no service declares \(key) (the services: \(pool.services.joined(separator: ", ")))"
            candidates = pool.methods.keys.sorted()
        }
        return .failure(Refusal(member: ProtoJSON.Property("unknownMethod", .object([
            ProtoJSON.Property("message", .string(message)), ProtoJSON.Property("unknown", .string(key)),
            ProtoJSON.Property("candidates", .array(candidates.map { .string($0) })),
        ]))))
    }

    private static func describe(_ method: DescriptorPool.Method) -> ProtoJSON.Property {
        ProtoJSON.Property("method", .object([
            ProtoJSON.Property("input", .string(method.input)), ProtoJSON.Property("output", .string(method.output)),
            ProtoJSON.Property("clientStreaming", .bool(method.clientStreaming)), ProtoJSON.Property("serverStreaming", .bool(method.serverStreaming)),
        ]))
    }

    /// The messages encoded, or the problems of every one.
    private static func encode(_ messages: [ProtoJSON], as type: String, pool: DescriptorPool, allowTemplates: Bool) -> Result<[[UInt8]], Refusal> {
        var encoded: [[UInt8]] = []
        var problems: [ProtoJSON] = []
        for (index, message) in messages.enumerated() {
            var encoder = MessageEncoder(pool: pool, allowTemplates: allowTemplates)
            encoded.append(encoder.encode(message, as: type))
            for problem in encoder.problems {
                var fields = [
                    ProtoJSON.Property("message", .number(String(index))),
                    ProtoJSON.Property("path", .array(problem.path.map { step in
                        switch step {
                        case .key(let key): .string(key)
                        case .index(let index): .number(String(index))
                        }
                    })),
                    ProtoJSON.Property("text", .string(problem.message)),
                ]
                if let unknown = problem.unknown { fields.append(ProtoJSON.Property("unknown", .string(unknown))) }
                if let candidates = problem.candidates { fields.append(ProtoJSON.Property("candidates", .array(candidates.map { .string($0) }))) }
                if problem.atKey == true { fields.append(ProtoJSON.Property("atKey", .bool(true))) }
                problems.append(.object(fields))
            }
        }
        return problems.isEmpty ? .success(encoded) : .failure(Refusal(member: ProtoJSON.Property("problems", .array(problems))))
    }

    private static func messages(_ request: ProtoJSON) -> [ProtoJSON] {
        guard case .array(let items)? = request["messages"] else { return [] }
        return items
    }

    private func check(_ request: ProtoJSON) -> [ProtoJSON.Property] {
        guard let pool = pool(request), case .string(let name)? = request["method"] else {
            return [Self.failure("request", "rest-run-grpc was asked to check against a schema it does not have")]
        }
        switch Self.method(name, in: pool) {
        case .failure(let refusal):
            return [refusal.member]
        case .success(let method):
            switch Self.encode(Self.messages(request), as: method.input, pool: pool, allowTemplates: true) {
            case .success: return [Self.describe(method), ProtoJSON.Property("problems", .array([]))]
            case .failure(let refusal): return [Self.describe(method), refusal.member]
            }
        }
    }

    // MARK: Calls

    private static func target(_ json: ProtoJSON?) -> CallTarget? {
        guard let json, case .string(let host)? = json["host"], case .number(let portText)? = json["port"], let port = Int(portText) else { return nil }
        func string(_ key: String) -> String? { if case .string(let text)? = json[key] { text } else { nil } }
        return CallTarget(
            host: host, port: port, usesTLS: json["tls"] == .bool(true), caFile: string("ca"),
            certificateFile: string("cert"), keyFile: string("key"), insecure: json["insecure"] == .bool(true)
        )
    }

    private func reflectedPool(_ target: CallTarget, metadata: [(String, String)], timeout: Duration?) async throws(CallFailure) -> DescriptorPool {
        let channels = self.channels
        let task = reflected.withLock { tasks in
            if let task = tasks[target] { return task }
            let task = Task(executorPreference: channels.executor) { () throws -> DescriptorPool in
                let files = try await ReflectionClient(pool: channels).files(of: target, metadata: metadata, timeout: timeout)
                do throws(ProtoSyntaxError) {
                    return try DescriptorPool(files: files)
                } catch {
                    throw CallFailure(kind: .reflection, message: "\(target.authority)'s reflection service sent descriptors that do not fit together: \(error.message)")
                }
            }
            tasks[target] = task
            return task
        }
        do {
            return try await task.value
        } catch let failure as CallFailure {
            // A failed attempt (the server was down) is asked again by the next call.
            reflected.withLock { _ = $0.removeValue(forKey: target) }
            throw failure
        } catch {
            reflected.withLock { _ = $0.removeValue(forKey: target) }
            throw CallFailure(kind: .reflection, message: "reflection failed: \(error)")
        }
    }

    private func call(_ request: ProtoJSON) async -> ([ProtoJSON.Property], body: String?) {
        guard let target = Self.target(request["target"]), case .string(let name)? = request["method"] else {
            return ([Self.failure("request", "rest-run-grpc was asked to call without a target or a method")], nil)
        }
        var metadata: [(String, String)] = []
        if case .array(let pairs)? = request["metadata"] {
            for pair in pairs {
                if case .array(let items) = pair, items.count == 2, case .string(let key) = items[0], case .string(let value) = items[1] {
                    metadata.append((key, value))
                }
            }
        }
        var timeout: Duration?
        if case .number(let text)? = request["timeout"], let seconds = Double(text), seconds > 0 {
            timeout = .nanoseconds(Int64(min(seconds, 86_400) * 1e9))
        }
        do throws(CallFailure) {
            let pool: DescriptorPool
            if let known = self.pool(request) {
                pool = known
            } else {
                pool = try await reflectedPool(target, metadata: metadata, timeout: timeout)
            }
            let method: DescriptorPool.Method
            switch Self.method(name, in: pool) {
            case .failure(let refusal): return ([refusal.member], nil)
            case .success(let found): method = found
            }
            let encoded: [[UInt8]]
            switch Self.encode(Self.messages(request), as: method.input, pool: pool, allowTemplates: false) {
            case .failure(let refusal): return ([Self.describe(method), refusal.member], nil)
            case .success(let bytes): encoded = bytes
            }
            let decoder = MessageDecoder(pool: pool)
            let outcome = try await CallRunner(pool: channels).call(
                target: target, service: method.service, method: method.name, metadata: metadata, messages: encoded, timeout: timeout
            )
            var responses: [ProtoJSON] = []
            for bytes in outcome.responses {
                do throws(MessageDecoder.DecodeFailure) {
                    responses.append(try decoder.decode(bytes[...], as: method.output))
                } catch {
                    return ([Self.failure("response", "a response message cannot be read as \(method.output): \(error.message)")], nil)
                }
            }
            func pairs(_ list: [(String, String)]) -> ProtoJSON {
                .array(list.map { .array([.string($0.0), .string($0.1)]) })
            }
            let body = method.serverStreaming ? ProtoJSON.array(responses).text : responses.first?.text ?? ""
            return ([
                Self.describe(method),
                ProtoJSON.Property("outcome", .object([
                    ProtoJSON.Property("status", .number(String(outcome.status))),
                    ProtoJSON.Property("message", .string(outcome.message)),
                    ProtoJSON.Property("headers", pairs(outcome.headers)),
                    ProtoJSON.Property("trailers", pairs(outcome.trailers)),
                    ProtoJSON.Property("count", .number(String(responses.count))),
                ])),
            ], body)
        } catch {
            let failure = await CallRunner.explained(error, target: target, pool: channels)
            return ([Self.failure(failure.kind.rawValue, failure.message)], nil)
        }
    }
}
