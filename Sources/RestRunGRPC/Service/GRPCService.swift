import NIOPosix
package import RestRunHelperProtocol
import Synchronization

/// What `rest-run-grpc` answers: one `GRPCHelperAnswer` line for each `GRPCHelperRequest` line,
/// tagged with the request's id (`HelperEnvelope`), so that calls run side by side and answer in
/// any order. rest-run keeps grpc-swift, SwiftNIO's HTTP/2 and swift-protobuf out of its own
/// binary, where their conformance records would lengthen the runtime's searches in every run,
/// gRPC or not.
package final class GRPCService: Sendable {
    private let schemas = Mutex<[DescriptorPool]>([])
    private let reflected = Mutex<[GRPCTarget: Task<DescriptorPool, any Error>]>([:])
    let channels = ChannelPool()

    package init() {}

    /// The answer to one request line, as one line (no newline), with the request's id when the
    /// line names one, however unreadable the rest of it is.
    package func answer(_ line: some Collection<UInt8>) async -> String {
        var id = HelperEnvelope.id(atStartOf: line)
        let request: GRPCHelperRequest
        do {
            let json = try JSONValueReader.parse(line)
            id = id ?? json["id"]?.integer
            request = try GRPCHelperRequest(json: json)
        } catch let failure as JSONValueReader.SyntaxFailure {
            return HelperEnvelope.answerText(id: id, Self.failure("request", "rest-run-grpc cannot read its request: \(failure.message)").json)
        } catch {
            let message = (error as? GRPCHelperRequest.UnreadableRequest)?.message ?? "rest-run-grpc cannot read its request"
            return HelperEnvelope.answerText(id: id, Self.failure("request", message).json)
        }
        let (answer, body) = await self.answer(request)
        return HelperEnvelope.answerText(id: id, answer.json, attachment: body)
    }

    /// The answer to `request`, and a call's response messages as JSON text.
    package func answer(_ request: GRPCHelperRequest) async -> (answer: GRPCHelperAnswer, body: String?) {
        switch request {
        case .schema(let schema):
            // Files read and parsed on a thread for blocking work, not on the loop the calls use.
            ((try? await NIOThreadPool.singleton.runIfActive { self.schema(schema) }) ?? self.schema(schema), nil)
        case .check(let schema, let method, let messages): (check(schema: schema, method: method, messages: messages), nil)
        case .call(let call): await self.call(call)
        }
    }

    /// An answer that only says why the request failed.
    static func failure(_ kind: String, _ message: String) -> GRPCHelperAnswer {
        GRPCHelperAnswer(failure: GRPCHelperAnswer.HelperFailure(kind: kind, message: message))
    }

    // MARK: Schemas

    private func schema(_ declaration: GRPCHelperRequest.Schema) -> GRPCHelperAnswer {
        do throws(ProtoSyntaxError) {
            let pool: DescriptorPool
            switch declaration {
            case .descriptorSet(let path):
                pool = try DescriptorPool(files: try DescriptorSetReader.load(path))
            case .protoFiles(let files, let importPaths):
                pool = try DescriptorPool(files: try ProtoFileLoader.load(files, importPaths: importPaths))
            }
            let number = schemas.withLock { schemas in
                schemas.append(pool)
                return schemas.count - 1
            }
            return GRPCHelperAnswer(schema: number)
        } catch {
            return GRPCHelperAnswer(schemaError: GRPCHelperAnswer.SchemaError(
                file: error.file, line: error.line, column: error.column, message: error.message,
                unknown: error.unknown.map { GRPCHelperAnswer.UnknownName(message: "", name: $0, candidates: error.candidates) }))
        }
    }

    private func pool(_ number: Int?) -> DescriptorPool? {
        guard let number else { return nil }
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
        return .failure(Refusal(answer: GRPCHelperAnswer(unknownMethod: GRPCHelperAnswer.UnknownName(message: message, name: key, candidates: candidates))))
    }

    private static func shape(_ method: DescriptorPool.Method) -> GRPCHelperAnswer.MethodShape {
        GRPCHelperAnswer.MethodShape(
            input: method.input, output: method.output, clientStreaming: method.clientStreaming, serverStreaming: method.serverStreaming)
    }

    /// The messages encoded, or the problems of every one.
    private static func encode(_ messages: [JSONValue], as type: String, pool: DescriptorPool, allowTemplates: Bool) -> (encoded: [[UInt8]], problems: [GRPCHelperAnswer.FitProblem]) {
        var encoded: [[UInt8]] = []
        var problems: [GRPCHelperAnswer.FitProblem] = []
        for (index, message) in messages.enumerated() {
            var encoder = MessageEncoder(pool: pool, allowTemplates: allowTemplates)
            encoded.append(encoder.encode(message, as: type))
            for problem in encoder.problems {
                let path: [JSONValue] = problem.path.map { step in
                    switch step {
                    case .key(let key): .string(key)
                    case .index(let index): .integer(index)
                    }
                }
                problems.append(GRPCHelperAnswer.FitProblem(
                    message: index, path: path, text: problem.message,
                    unknown: problem.unknown.map { GRPCHelperAnswer.UnknownName(message: "", name: $0, candidates: problem.candidates ?? []) },
                    atKey: problem.atKey == true))
            }
        }
        return (encoded, problems)
    }

    private func check(schema: Int, method name: String, messages: [JSONValue]) -> GRPCHelperAnswer {
        guard let pool = pool(schema) else {
            return Self.failure("request", "rest-run-grpc was asked to check against a schema it does not have")
        }
        switch Self.method(name, in: pool) {
        case .failure(let refusal):
            return refusal.answer
        case .success(let method):
            return GRPCHelperAnswer(method: Self.shape(method), problems: Self.encode(messages, as: method.input, pool: pool, allowTemplates: true).problems)
        }
    }

    // MARK: Calls

    private func reflectedPool(_ target: GRPCTarget, metadata: [(String, String)], timeout: Duration?) async throws(CallFailure) -> DescriptorPool {
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

    private func call(_ call: GRPCHelperRequest.Call) async -> (answer: GRPCHelperAnswer, body: String?) {
        let target = call.target
        let metadata = call.metadata.map { ($0.name, $0.value) }
        do throws(CallFailure) {
            try await channels.checkConnecting(to: target)
            let pool: DescriptorPool
            if let known = self.pool(call.schema) {
                pool = known
            } else {
                pool = try await reflectedPool(target, metadata: metadata, timeout: call.timeout)
            }
            let method: DescriptorPool.Method
            switch Self.method(call.method, in: pool) {
            case .failure(let refusal): return (refusal.answer, nil)
            case .success(let found): method = found
            }
            let (encoded, problems) = Self.encode(call.messages, as: method.input, pool: pool, allowTemplates: false)
            guard problems.isEmpty else { return (GRPCHelperAnswer(method: Self.shape(method), problems: problems), nil) }
            let decoder = MessageDecoder(pool: pool)
            let outcome = try await CallRunner(pool: channels).call(
                target: target, service: method.service, method: method.name, metadata: metadata, messages: encoded,
                timeout: call.timeout, responseLimit: call.maxBody)
            var responses: [JSONValue] = []
            for bytes in outcome.responses {
                do throws(MessageDecoder.DecodeFailure) {
                    responses.append(try decoder.decode(bytes[...], as: method.output))
                } catch {
                    return (Self.failure("response", "a response message cannot be read as \(method.output): \(error.message)"), nil)
                }
            }
            let body = method.serverStreaming ? JSONValue.array(responses).text : responses.first?.text ?? ""
            let answer = GRPCHelperAnswer(
                method: Self.shape(method),
                outcome: GRPCHelperAnswer.StatusAndMetadata(
                    status: outcome.status, message: outcome.message,
                    headers: outcome.headers.map { GRPCHelperRequest.Metadatum($0.0, $0.1) },
                    trailers: outcome.trailers.map { GRPCHelperRequest.Metadatum($0.0, $0.1) }, count: responses.count))
            return (answer, body)
        } catch {
            let failure = await CallRunner.explained(error, target: target, pool: channels)
            return (Self.failure(failure.kind.rawValue, failure.message), nil)
        }
    }
}
