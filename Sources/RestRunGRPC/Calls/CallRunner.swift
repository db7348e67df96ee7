import GRPCCore
import NIOCore
import RestRunEventLoops
import RestRunHelperProtocol

/// Makes one call of any shape: every request message is sent, the stream half-closed, and every
/// response message collected with the initial and trailing metadata and the status. Unary and
/// server-streaming calls are the same exchange with one request message.
struct CallRunner {
    /// The most bytes of response messages one call keeps when the request sets no `max_body`.
    static let responseLimit = 64 * 1024 * 1024
    /// The most it keeps whatever the request says: its answer must fit one line to rest-run.
    static let largestResponseLimit = HelperLimits.answerLine / 2

    let pool: ChannelPool

    func call(
        target: GRPCTarget, service: String, method: String, metadata: [(String, String)],
        messages: [[UInt8]], timeout: Duration?, responseLimit: Int? = nil
    ) async throws(CallFailure) -> CallOutcome {
        let limit = min(responseLimit ?? Self.responseLimit, Self.largestResponseLimit)
        guard let timeout else {
            return try await exchange(target: target, service: service, method: method, metadata: metadata, messages: messages, timeout: nil, limit: limit)
        }
        // The deadline is a timer on the connections' loop that cancels the call: grpc-swift's
        // own would cost every call a task group, a sleeping task and a timer thread woken to
        // cancel it.
        let call = Task(executorPreference: pool.executor) { () async -> Result<CallOutcome, CallFailure> in
            do throws(CallFailure) {
                return .success(try await exchange(
                    target: target, service: service, method: method, metadata: metadata, messages: messages, timeout: timeout, limit: limit))
            } catch {
                return .failure(error)
            }
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds >= Int64.max / 1_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let timer = pool.executor.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { call.cancel() }
        let result = await withTaskCancellationHandler { await call.value } onCancel: { call.cancel() }
        timer.cancel()
        return try result.get()
    }

    private func exchange(
        target: GRPCTarget, service: String, method: String, metadata: [(String, String)],
        messages: [[UInt8]], timeout: Duration?, limit: Int
    ) async throws(CallFailure) -> CallOutcome {
        let client = try pool.client(for: target)
        var requestMetadata = Metadata()
        if let timeout { requestMetadata.addString(Self.timeoutHeader(timeout), forKey: "grpc-timeout") }
        for (name, value) in metadata {
            let key = name.lowercased()
            if key.hasSuffix("-bin"), let bytes = ProtoBase64.decode(value) {
                requestMetadata.addBinary(bytes, forKey: key)
            } else {
                requestMetadata.addString(value, forKey: key)
            }
        }
        let request = StreamingClientRequest<[UInt8]>(metadata: requestMetadata) { writer in
            for message in messages { try await writer.write(message) }
        }
        var options = CallOptions.defaults
        options.waitForReady = false
        options.maxResponseMessageBytes = limit
        let started = ContinuousClock.now
        do {
            return try await client.bidirectionalStreaming(
                request: request,
                descriptor: MethodDescriptor(fullyQualifiedService: service, method: method),
                serializer: RawMessageSerializer(),
                deserializer: RawMessageDeserializer(),
                options: options
            ) { response in
                var outcome = CallOutcome(status: 0, message: "", headers: [], trailers: [], responses: [])
                switch response.accepted {
                case .success(let contents):
                    outcome.headers = Self.pairs(contents.metadata)
                    var total = 0
                    do {
                        for try await part in contents.bodyParts {
                            switch part {
                            case .message(let bytes):
                                total += bytes.count
                                guard total <= limit else {
                                    throw CallFailure(kind: .bodyTooLarge, message: "the response messages are larger than max_body (\(limit) bytes)")
                                }
                                outcome.responses.append(bytes)
                            case .trailingMetadata(let trailers):
                                outcome.trailers = Self.pairs(trailers, trailing: true)
                            }
                        }
                    } catch let error as RPCError {
                        try Self.failIfLocal(error, target: target, timeout: timeout, started: started)
                        outcome.status = error.code.rawValue
                        outcome.message = error.message
                        outcome.trailers = Self.pairs(error.metadata, trailing: true)
                    }
                case .failure(let error):
                    try Self.failIfLocal(error, target: target, timeout: timeout, started: started)
                    outcome.status = error.code.rawValue
                    outcome.message = error.message
                    outcome.trailers = Self.pairs(error.metadata, trailing: true)
                }
                return outcome
            }
        } catch let failure as CallFailure {
            throw failure
        } catch let error as RPCError {
            try Self.failIfLocal(error, target: target, timeout: timeout, started: started)
            return CallOutcome(status: error.code.rawValue, message: error.message, headers: [], trailers: Self.pairs(error.metadata, trailing: true), responses: [])
        } catch {
            if let timeout, Task.isCancelled {
                throw CallFailure(kind: .deadline, message: Self.deadlineMessage(target, timeout))
            }
            throw CallFailure(kind: .connection, message: "the call to \(target.authority) failed: \(Self.describe(error))")
        }
    }

    /// Throws when `error` is grpc-swift's own (no connection, a TLS failure, rest-run's deadline)
    /// rather than a status the server sent.
    static func failIfLocal(_ error: RPCError, target: GRPCTarget, timeout: Duration?, started: ContinuousClock.Instant) throws(CallFailure) {
        // The call's task is cancelled only by the deadline's timer.
        if let timeout, Task.isCancelled || (error.code == .deadlineExceeded && ContinuousClock.now - started >= timeout * 0.9) {
            throw CallFailure(kind: .deadline, message: deadlineMessage(target, timeout))
        }
        // A message over `max_body` is refused on this side, before it is read whole.
        if error.code == .resourceExhausted, error.message.contains("exceeded the configured maximum") {
            let sizes = error.message.firstRange(of: "(max:").map { " " + error.message[$0.lowerBound...] } ?? ""
            throw CallFailure(kind: .bodyTooLarge, message: "a response message of \(target.authority) is larger than max_body\(sizes)")
        }
        // grpc-swift's words for a server that closed the connection before HTTP/2 began are
        // among them: a TLS port answering plain text does that.
        let local = ["channel is", "subchannel", "Transport is", "Channel isn't ready", "connection closed", "Couldn't connect", "HTTP/2 connection preface"]
        guard error.code == .unavailable || error.code == .unknown || error.code == .internalError,
            error.cause != nil || local.contains(where: { error.message.contains($0) })
        else { return }
        let text = describe(error)
        let lowered = text.lowercased()
        if lowered.contains("refused") {
            throw CallFailure(kind: .connection, message: "cannot connect to \(target.authority): connection refused")
        }
        if lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("certificate") || lowered.contains("handshake") {
            throw CallFailure(kind: .tls, message: "the TLS handshake with \(target.authority) failed: \(tlsReason(text))")
        }
        if lowered.contains("http2") || lowered.contains("http/2") || lowered.contains("preface") || lowered.contains("protocol") {
            throw CallFailure(kind: .protocolError, message: notHTTP2(target))
        }
        throw CallFailure(kind: .connection, message: "cannot call \(target.authority): \(text)")
    }

    /// What a server that does not answer in HTTP/2 is told as.
    static func notHTTP2(_ target: GRPCTarget) -> String {
        "\(target.authority) does not speak HTTP/2, which gRPC needs"
    }

    /// `failure` in the words that fit it best: a `grpc://` call to a port that speaks TLS (its
    /// server closes the plain-text connection before HTTP/2 begins) says to use `grpcs://`.
    static func explained(_ failure: CallFailure, target: GRPCTarget, pool: ChannelPool) async -> CallFailure {
        guard !target.usesTLS, failure.kind == .protocolError, failure.message == notHTTP2(target),
              await TLSProbe.speaksTLS(host: target.host, port: target.port, on: pool.executor.eventLoop) else { return failure }
        return CallFailure(kind: .tls, message: "\(target.authority) speaks TLS on that port: use grpcs://")
    }

    /// The innermost cause's description, one line.
    static func describe(_ error: any Error) -> String {
        var current: any Error = error
        var text = "\(error)"
        while let rpc = current as? RPCError, let cause = rpc.cause {
            current = cause
            text = "\(cause)"
        }
        if let rpc = current as? RPCError { text = rpc.message }
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }

    /// Why a TLS handshake failed, in words rather than BoringSSL's error string.
    static func tlsReason(_ text: String) -> String {
        if text.contains("CERTIFICATE_REQUIRED") {
            return "the server asks for a client certificate (options: { tls: { cert:, key: } })"
        }
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("WRONG_SSL_VERSION") {
            return "the server does not speak TLS on that port (try grpc://)"
        }
        if text.contains("CERTIFICATE_VERIFY_FAILED") || text.lowercased().contains("certificate") {
            return "its certificate is not trusted (--cacert names the CA; for a test server, 'insecure: true')"
        }
        // BoringSSL's reason (`...:OPENSSL_internal:SOME_REASON at file:line`) as words.
        if let range = text.firstRange(of: "OPENSSL_internal:") {
            let reason = text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !reason.isEmpty { return String(reason.lowercased().map { $0 == "_" ? " " : $0 }) }
        }
        return "the connection could not be secured"
    }

    static func deadlineMessage(_ target: GRPCTarget, _ timeout: Duration) -> String {
        "\(target.authority) did not answer within \(format(timeout)) (the request's timeout)"
    }

    /// `timeout` as gRPC's `grpc-timeout` header writes it: at most eight digits and a unit,
    /// rounded up to the finest unit that fits.
    static func timeoutHeader(_ timeout: Duration) -> String {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        for (unit, size) in [("n", 1.0), ("u", 1e3), ("m", 1e6), ("S", 1e9), ("M", 60e9), ("H", 3600e9)] {
            let value = (nanoseconds / size).rounded(.up)
            if value <= 99_999_999 { return "\(Int(max(value, 1)))\(unit)" }
        }
        return "99999999H"
    }

    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }

    /// The metadata as (name, value) pairs, binary values in base64; HTTP/2's pseudo-headers left
    /// out, and from trailers the content type a trailers-only response carries.
    static func pairs(_ metadata: Metadata, trailing: Bool = false) -> [(String, String)] {
        metadata.filter { !$0.key.hasPrefix(":") && !(trailing && $0.key == "content-type") }.map { element in
            switch element.value {
            case .string(let text): (element.key, text)
            case .binary(let bytes): (element.key, ProtoBase64.encode(bytes))
            }
        }
    }
}
