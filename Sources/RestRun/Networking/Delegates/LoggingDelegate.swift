package import Logging

/// Logs every attempt through swift-log, the way `curl -v` shows a request: `>` lines for what is
/// sent, `<` lines for what comes back, `*` lines for retries. Secrets are redacted here, whatever
/// the log level or handler; in a run, a request's lines are written when it is done, so that values
/// its response yields as secrets are hidden too.
package struct LoggingDelegate: NetworkingDelegate, ConversationObserver {
    /// The logger events go to.
    package let logger: Logger
    /// Hides secrets.
    package let redactor: Redactor
    /// Whether bodies are logged too (`--very-verbose`).
    package let showsBodies: Bool
    /// How much of a body is shown before it is cut.
    package static let bodyLimit = 4096

    /// Creates a logging delegate.
    package init(logger: Logger, redactor: Redactor, showsBodies: Bool = false) {
        self.logger = logger
        self.redactor = redactor
        self.showsBodies = showsBodies
    }

    /// Logs the request line, headers and (when asked) the body.
    package func networking(_ networking: any Networking, willSend request: PreparedRequest, attempt: Int) {
        if var lines = request.wire?.logLines(sending: request, redactor: redactor) {
            if attempt > 1, !lines.isEmpty { lines[0] += "  (attempt \(attempt))" }
            return emit(lines.joined(separator: "\n"))
        }
        var lines = ["> \(request.method) \(request.url)" + (attempt > 1 ? "  (attempt \(attempt))" : "")]
        for field in request.headers {
            lines.append("> \(field.name): \(redactor.headerValue(name: field.name, value: field.value))")
        }
        if showsBodies, let body = request.body, !body.bytes.isEmpty {
            lines.append(">")
            lines.append(contentsOf: bodyLines(body.bytes, prefix: "> "))
        }
        emit(lines.joined(separator: "\n"))
    }

    /// Logs the status line, headers, timing and (when asked) the body, or the error.
    package func networking(
        _ networking: any Networking, didReceive result: Result<Response, any Error>,
        for request: PreparedRequest, duration: Duration
    ) {
        switch result {
        case let .success(response):
            if let lines = request.wire?.logLines(receiving: response, duration: duration, redactor: redactor) {
                return emit(lines.joined(separator: "\n"))
            }
            var lines = ["< HTTP/\(response.version) \(response.status) \(response.reason)  (\(DurationText.format(duration)), \(ByteCount.format(response.bodySize)))"]
            for field in response.headers {
                lines.append("< \(field.name): \(redactor.headerValue(name: field.name, value: field.value))")
            }
            if showsBodies, !response.body.isEmpty {
                lines.append("<")
                lines.append(contentsOf: bodyLines(response.body, prefix: "< "))
            }
            emit(lines.joined(separator: "\n"))
        case let .failure(error as NetworkError) where error.closedUnanswered:
            // curl says "Connection died, retrying a fresh connect"; this is not an attempt of `retry:`.
            let place = URLParts(request.url)?.hostAndPort ?? request.url
            emit("* \(place) closed a reused connection before answering: sending the request again on a new connection (not a retry)")
        case let .failure(error):
            emit("* \(String(describing: error))  (after \(DurationText.format(duration)))")
        }
    }

    /// Logs the wait before the next attempt.
    package func networking(_ networking: any Networking, willRetry request: PreparedRequest, after wait: Duration, attempt: Int) {
        emit("* retrying in \(DurationText.format(wait)) (attempt \(attempt + 1) of \(request.retry?.attempts ?? attempt + 1))")
    }

    /// Logs each message of a conversation as it goes: `> hello` sent, `< hi` received.
    package func networking(_ networking: any Networking, didExchange message: ConversationMessage, sent: Bool, for request: PreparedRequest) {
        emit((sent ? "> " : "< ") + message.shown)
    }

    func emit(_ text: String) {
        if let held = HeldLog.current {
            held.append(text, to: logger)
        } else {
            logger.info("\(redactor.redact(text))")
        }
    }

    private func bodyLines(_ bytes: [UInt8], prefix: String) -> [String] {
        let shown = bytes.prefix(Self.bodyLimit)
        var text = String(decoding: shown, as: UTF8.self)
        if bytes.count > Self.bodyLimit { text += "… (\(ByteCount.format(bytes.count)) in all)" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }
    }
}
