import OrderedCollections
import Synchronization

/// Records every attempt and redirect hop a run sends, as HAR 1.2 entries (`--report-har`):
/// the request and the response with their headers, bodies up to `bodyLimit` bytes, and the
/// time each took; secrets are redacted as everywhere else, credentials in headers masked.
package final class HARRecorder: NetworkingDelegate, Sendable {
    /// Bytes of a body kept in the report.
    package static let bodyLimit = 65_536

    private let redactor: Redactor
    /// Each entry, with the transcript of the conversation its response opened, read when the
    /// report is written (its messages go on after the entry is made).
    private let entries = Mutex<[(entry: DecodedValue, transcript: ConversationTranscript?)]>([])

    /// A recorder that redacts with `redactor`.
    package init(redactor: Redactor) {
        self.redactor = redactor
    }

    package func networking(
        _ networking: any Networking, didReceive result: Result<Response, any Error>, for request: PreparedRequest, duration: Duration
    ) {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let started = ISO8601.text(secondsSince1970: WallClock.secondsSince1970() - milliseconds / 1000, milliseconds: true)
        var entry: OrderedPairs = [
            ("startedDateTime", .string(started)),
            ("time", .number(milliseconds)),
            ("request", harRequest(request)),
        ]
        switch result {
        case let .success(response):
            entry.append(("response", harResponse(response)))
            entry += response.received?.harFields(redactor: redactor) ?? []
        case let .failure(error):
            let message = (error as? NetworkError)?.message ?? "no response"
            entry.append(("response", .object([
                "status": .integer(0), "statusText": .string(""), "httpVersion": .string("HTTP/1.1"), "cookies": .array([]),
                "headers": .array([]), "content": .object(["size": .integer(0), "mimeType": .string("x-unknown")]),
                "redirectURL": .string(""), "headersSize": .integer(-1), "bodySize": .integer(-1),
                "comment": .string(redactor.redact(message)),
            ])))
        }
        entry.append(("cache", .object([:])))
        entry.append(("timings", .object(["send": .integer(0), "wait": .number(milliseconds), "receive": .integer(0)])))
        let value = DecodedValue.object(.init(entry, uniquingKeysWith: { first, _ in first }))
        let transcript = try? result.get().transcript
        entries.withLock { $0.append((value, transcript)) }
    }

    /// The whole log as HAR 1.2 JSON.
    package func text() -> String {
        let log: DecodedValue = .object([
            "log": .object([
                "version": .string("1.2"),
                "creator": .object(["name": .string("rest-run"), "version": .string(RestRunVersion.current)]),
                "entries": .array(entries.withLock { $0 }.map(withMessages)),
            ]),
        ])
        return log.prettyJSONText + "\n"
    }

    private typealias OrderedPairs = [(String, DecodedValue)]

    /// An entry with its conversation's messages as `_webSocketMessages`, the field browsers
    /// write: `type` send or receive, `time` in seconds since 1970, `opcode` 1 text, 2 binary
    /// (base64 data) or 8 close.
    private func withMessages(_ recorded: (entry: DecodedValue, transcript: ConversationTranscript?)) -> DecodedValue {
        guard let transcript = recorded.transcript, case var .object(fields) = recorded.entry else { return recorded.entry }
        fields["_webSocketMessages"] = .array(transcript.lines.map { entry in
            let (opcode, data): (Int, String) = switch entry.message {
            case let .text(text): (1, redactor.redact(text))
            case let .binary(bytes): (2, Base64.encode(Array(bytes.prefix(Self.bodyLimit))))
            case let .close(code, reason): (8, redactor.redact(ConversationMessage.closeText(code, reason)))
            }
            return .object([
                "type": .string(entry.sent ? "send" : "receive"), "time": .number(entry.time),
                "opcode": .integer(opcode), "data": .string(data),
            ])
        })
        return .object(fields)
    }

    private func harRequest(_ request: PreparedRequest) -> DecodedValue {
        var fields: OrderedPairs = [
            ("method", .string(request.method.rawValue)),
            ("url", .string(redactor.redact(request.url))),
            ("httpVersion", .string(request.transport.http == .http2 ? "HTTP/2" : "HTTP/1.1")),
            ("cookies", .array(cookies(request.headers["Cookie"]))),
            ("headers", headers(request.headers)),
            ("queryString", .array(Self.query(request.url).map { name, value in
                .object(["name": .string(redactor.redact(name)), "value": .string(redactor.redact(value))])
            })),
        ]
        if let body = request.body {
            var postData: [(String, DecodedValue)] = [("mimeType", .string(body.contentType ?? request.headers["Content-Type"] ?? ""))]
            if let text = String(validating: body.bytes.prefix(Self.bodyLimit), as: UTF8.self) {
                postData.append(("text", .string(redactor.redact(text))))
            }
            if body.bytes.count > Self.bodyLimit || String(validating: body.bytes.prefix(Self.bodyLimit), as: UTF8.self) == nil {
                postData.append(("comment", .string("\(body.bytes.count) bytes; \(body.bytes.count > Self.bodyLimit ? "the first \(Self.bodyLimit) kept" : "not text: left out")")))
            }
            fields.append(("postData", .object(.init(postData, uniquingKeysWith: { first, _ in first }))))
        }
        fields.append(("headersSize", .integer(-1)))
        fields.append(("bodySize", .integer(request.body?.bytes.count ?? 0)))
        return .object(.init(fields, uniquingKeysWith: { first, _ in first }))
    }

    private func harResponse(_ response: Response) -> DecodedValue {
        let mimeType = response.headers["Content-Type"] ?? "x-unknown"
        var content: OrderedPairs = [("size", .integer(response.body.count)), ("mimeType", .string(mimeType))]
        let kept = Array(response.body.prefix(Self.bodyLimit))
        if kept.isEmpty, let received = response.received?.reportText(limit: Self.bodyLimit) {
            // What the kind received was read as it came and the body not kept: it is the content.
            content.append(("text", .string(redactor.redact(received))))
        } else if let text = String(validating: kept, as: UTF8.self) {
            content.append(("text", .string(redactor.redact(text))))
        } else {
            content.append(("text", .string(Base64.encode(kept))))
            content.append(("encoding", .string("base64")))
        }
        if response.body.count > Self.bodyLimit { content.append(("comment", .string("the first \(Self.bodyLimit) bytes of \(response.body.count)"))) }
        let fields: OrderedPairs = [
            ("status", .integer(response.status)),
            ("statusText", .string(response.reason)),
            ("httpVersion", .string(response.version == "1.1" ? "HTTP/1.1" : "HTTP/" + response.version)),
            ("cookies", .array([])),
            ("headers", headers(response.headers)),
            ("content", .object(.init(content, uniquingKeysWith: { first, _ in first }))),
            ("redirectURL", .string(redactor.redact(response.headers["Location"] ?? ""))),
            ("headersSize", .integer(-1)),
            ("bodySize", .integer(response.bodySize)),
        ]
        return .object(.init(fields, uniquingKeysWith: { first, _ in first }))
    }

    private func headers(_ headers: Headers) -> DecodedValue {
        .array(headers.fields.map { field in
            .object(["name": .string(field.name), "value": .string(redactor.headerValue(name: field.name, value: field.value))])
        })
    }

    private func cookies(_ header: String?) -> [DecodedValue] {
        guard let header else { return [] }
        return header.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0.drop { $0 == " " }) }
            guard let name = parts.first, !name.isEmpty else { return nil }
            return .object(["name": .string(name), "value": .string(Redactor.mask)])
        }
    }

    /// The query's parameters, percent-decoded, in order.
    static func query(_ url: String) -> [(String, String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        return url[url.index(after: question)...].prefix { $0 != "#" }.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { URLBuilder.decode(String($0)) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }
}
