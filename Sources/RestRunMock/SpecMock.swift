package import RestRun
import Synchronization

/// A mock served from an OpenAPI spec, as Prism does: every operation answers with its first
/// declared 2xx response (`Prefer: code=404` picks another, `Prefer: example=name` a named
/// example), its body the media type's example or a value built from its schema. A request the
/// spec does not allow gets a problem+json that says why: 404 for an unknown path, 405 for a
/// method the path does not have, 400 for missing required parameters or a body its schema
/// refuses.
package final class SpecMock: MockResponder {
    /// The spec.
    package let spec: OpenAPISpec
    private let served = Mutex(0)

    /// Serves `spec`.
    package init(spec: OpenAPISpec) { self.spec = spec }

    /// How many requests it has answered.
    package var requestsServed: Int { served.withLock { $0 } }
    /// The spec's places that break OpenAPI, and the operations left out for them.
    package var warnings: [Diagnostic] { spec.warnings }
    /// Spec mocks do not compress.
    package var compresses: Bool { false }
    /// `5 operations of specs/api.yaml`
    package var summary: String { "\(spec.operations.count) operation\(spec.operations.count == 1 ? "" : "s") of \(spec.path)" }

    /// The reply to one request.
    package func reply(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply {
        served.withLock { $0 += 1 }
        let method = method == "HEAD" ? "GET" : method
        guard let (operation, parameters) = spec.operation(method: method, url: uri, basePath: nil) else {
            let path = URLParts.path(of: uri)
            let methods = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "PATCH", "TRACE"].filter {
                spec.operation(method: $0, url: uri, basePath: nil) != nil
            }
            if !methods.isEmpty {
                var reply = Self.problem(405, "Method Not Allowed", "\(method) \(path) is not in \(spec.path); the path takes \(methods.joined(separator: ", "))")
                reply.headers.append(("Allow", methods.joined(separator: ", ")))
                return reply
            }
            if let reason = spec.reasonLeftOut(method: method, url: uri, basePath: nil) {
                return Self.problem(404, "Not Found", reason)
            }
            let known = spec.operations.prefix(20).map(\.name).joined(separator: ", ")
            return Self.problem(404, "Not Found", "\(method) \(path) is not an operation of \(spec.path); it has \(known)")
        }
        let problems = requestProblems(operation, parameters: parameters, uri: uri, headers: headers, body: body)
        if !problems.isEmpty {
            return Self.problem(400, "Bad Request", "the request does not follow \(operation.name): " + problems.joined(separator: "; "), errors: problems)
        }
        let prefer = Self.preferences(headers)
        guard let (key, response) = chooseResponse(operation, preferredCode: prefer["code"]) else {
            return MockRouter.Reply(status: 204, headers: [], body: [], delay: nil)
        }
        let status = Int(key) ?? Self.status(for: key)
        var replyHeaders: [(String, String)] = []
        for header in response.headers where header.isRequired {
            let value = header.schema?.example() ?? .string("example")
            replyHeaders.append((header.name, value.interpolationText))
        }
        guard let media = Self.preferredMedia(response.body, accept: Self.header("Accept", in: headers)) else {
            return MockRouter.Reply(status: status, headers: replyHeaders, body: [], delay: nil)
        }
        let value = Self.body(of: media, preferring: prefer["example"])
        let contentType = media.mediaType.contains("*") ? "application/json" : media.mediaType
        replyHeaders.append(("Content-Type", contentType))
        let bytes: [UInt8]
        if OpenAPIContract.isJSON(contentType) {
            bytes = value.jsonBytes
        } else if case let .string(text) = value {
            bytes = Array(text.utf8)
        } else {
            bytes = value.jsonBytes
        }
        return MockRouter.Reply(status: status, headers: replyHeaders, body: bytes, delay: nil)
    }

    /// The body a media type answers: the example `Prefer: example=NAME` names, else its example,
    /// else its first named one, else a value built from its schema; a written example that breaks
    /// the schema is passed over, so that every answer validates against the spec.
    package static func body(of media: OpenAPIMediaType, preferring name: String?) -> DecodedValue {
        var candidates: [DecodedValue] = []
        if let name, let named = media.examples.first(where: { $0.name == name }) { candidates.append(named.value) }
        candidates += [media.example].compactMap { $0 } + media.examples.map(\.value)
        guard let schema = media.schema else { return candidates.first ?? .null }
        return schema.example(preferring: candidates)
    }

    /// The response to send: the preferred code when the operation declares it, else the first
    /// declared 2xx, else the first declared.
    private func chooseResponse(_ operation: OpenAPIOperation, preferredCode: String?) -> (key: String, response: OpenAPIResponse)? {
        if let preferredCode, let code = Int(preferredCode), let found = operation.response(for: code) {
            return (String(code), found.response)
        }
        let successes = operation.responses.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        return successes.first ?? operation.responses.first
    }

    private func requestProblems(
        _ operation: OpenAPIOperation, parameters: [String: String], uri: String, headers: [(String, String)], body: [UInt8]
    ) -> [String] {
        var problems: [String] = []
        let query = OpenAPIContract.query(uri)
        for parameter in operation.parameters {
            let value: String?
            switch parameter.location {
            case "path": value = parameters[parameter.name]
            case "query": value = query[parameter.name]
            case "header": value = Self.header(parameter.name, in: headers)
            default: continue
            }
            guard let value else {
                if parameter.isRequired { problems.append("the \(parameter.location) parameter '\(parameter.name)' is required") }
                continue
            }
            // Formats are asserted, as for bodies: a spec's `format: uuid` is part of its contract.
            if let schema = parameter.schema, !schema.isValid(OpenAPIContract.typedValue(value, for: schema), assertsFormats: true) {
                let failure = schema.failures(OpenAPIContract.typedValue(value, for: schema), limit: 1, assertsFormats: true).first
                problems.append("the \(parameter.location) parameter '\(parameter.name)' is '\(value)': " + (failure.map { "\($0.keyword): \($0.message)" } ?? "not allowed"))
            }
        }
        if let requestBody = operation.requestBody {
            if body.isEmpty {
                if requestBody.isRequired { problems.append("a body is required") }
            } else {
                let contentType = Self.header("Content-Type", in: headers) ?? ""
                if let media = requestBody.mediaType(for: contentType) {
                    guard let schema = media.schema else { return problems }
                    var read: DecodedValue?
                    if OpenAPIContract.isJSON(media.mediaType) {
                        read = try? JSONParser.parse(body)
                        if read == nil { problems.append("the body is not JSON") }
                    } else if let fields = FormFields.fields(of: body, contentType: contentType) {
                        // A form's fields are checked by the schema as JSON is, typed as a server reads them.
                        read = FormFields.asRead(fields, shape: SchemaShape(schema.root))
                    }
                    for failure in read.map({ schema.failures($0, limit: 5, assertsFormats: true, direction: .request) }) ?? [] {
                        problems.append("body \(failure.instancePath): \(failure.keyword): \(failure.message)")
                    }
                } else if !requestBody.content.isEmpty {
                    problems.append("Content-Type '\(contentType)' is not one of \(requestBody.content.map(\.mediaType).joined(separator: ", "))")
                }
            }
        }
        return problems
    }

    // MARK: Helpers

    static func problem(_ status: Int, _ title: String, _ detail: String, errors: [String] = []) -> MockRouter.Reply {
        var body: [(String, DecodedValue)] = [
            ("type", .string("about:blank")), ("title", .string(title)), ("status", .integer(status)), ("detail", .string(detail)),
        ]
        if !errors.isEmpty { body.append(("errors", .array(errors.map(DecodedValue.string)))) }
        return MockRouter.Reply(
            status: status, headers: [("Content-Type", "application/problem+json")],
            body: DecodedValue.object(fromPairs: body).jsonBytes, delay: nil)
    }

    /// `Prefer: code=404, example=missing` as its pairs.
    static func preferences(_ headers: [(String, String)]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers where name.lowercased() == "prefer" {
            for item in value.split(whereSeparator: { $0 == "," || $0 == ";" }) {
                let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " ") }
                if pair.count == 2 { result[pair[0].lowercased()] = pair[1].trimmingCharacters(in: "\"") }
            }
        }
        return result
    }

    static func header(_ name: String, in headers: [(String, String)]) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// `2XX` as 200, `default` as 200.
    static func status(for key: String) -> Int {
        if let first = key.first, let digit = Int(String(first)), key.uppercased().hasSuffix("XX") { return digit * 100 }
        return 200
    }

    /// The media type to answer with: JSON when the client accepts it, else the first declared.
    static func preferredMedia(_ body: OpenAPIBody, accept: String?) -> OpenAPIMediaType? {
        guard !body.content.isEmpty else { return nil }
        if let accept, !accept.contains("*/*"), let accepted = body.content.first(where: { accept.lowercased().contains($0.mediaType) }) {
            return accepted
        }
        return body.content.first { OpenAPIContract.isJSON($0.mediaType) } ?? body.content.first
    }
}
