/// A request file's `openapi:`: every response its requests get is checked against the spec's
/// operation, without an expectation written. What a request sends that the spec does not allow
/// is a warning (a test may send bad input on purpose), an error with `strict: true`.
package struct OpenAPIContract: Sendable {
    /// The spec.
    package var spec: OpenAPISpec
    /// Whether request problems fail the request instead of warning.
    package var strict = false

    /// Creates a contract.
    package init(spec: OpenAPISpec, strict: Bool = false) {
        self.spec = spec
        self.strict = strict
    }

    /// What checking one exchange found.
    package struct Findings: Sendable {
        /// The response's checks (status, content type, body, headers), as expectation results.
        package var results: [ExpectationResult] = []
        /// What the request sends that the spec does not allow (warnings unless strict).
        package var requestProblems: [Diagnostic] = []
        /// The operation the response exercised, for coverage; nil when the request matches none.
        package var hit: OperationHit?
    }

    /// Checks `response` to `sent` against the operation it went to. `decoded` is the body's
    /// value when the checker already has it; `location` is the request's line.
    package func check(sent: PreparedRequest, response: Response, decoded: DecodedValue?, location: SourceLocation?) -> Findings {
        var findings = Findings()
        let basePath = sent.baseURL.map(URLParts.path(of:)).map { $0 == "/" ? "" : $0 }
        guard let (operation, pathParameters) = spec.operation(method: sent.method.rawValue, url: sent.url, basePath: basePath) else {
            var path = URLParts.path(of: sent.url)
            if let base = (spec.basePaths + [basePath ?? ""]).first(where: { !$0.isEmpty && path.hasPrefix($0 + "/") }) {
                path = String(path.dropFirst(base.count))
            }
            var message = "\(sent.method) \(path) is not an operation of \(spec.path)"
            if let reason = spec.reasonLeftOut(method: sent.method.rawValue, url: sent.url, basePath: basePath) {
                message = reason
            } else if let closest = spec.closestOperation(to: sent.method.rawValue, path) {
                message += " (did you mean \(closest)?)"
            }
            findings.requestProblems.append(Diagnostic(message, at: location, severity: strict ? .error : .warning))
            return findings
        }
        findings.requestProblems = requestProblems(sent, operation: operation, pathParameters: pathParameters, location: location)
        let declaredAt = operation.location.map { " (\($0.file):\($0.line):\($0.column))" } ?? ""
        func result(_ label: String, passed: Bool, expected: String, actual: String, details: [String] = []) {
            var result = ExpectationResult(label: "openapi " + label, passed: passed, expected: expected, actual: actual, location: location)
            result.details = details
            findings.results.append(result)
        }

        // The status.
        guard let (key, declared) = operation.response(for: response.status) else {
            findings.hit = OperationHit(spec: spec.path, operation: operation.name, response: "undeclared")
            let keys = operation.responses.map(\.key).joined(separator: ", ")
            result(
                "status", passed: false, expected: "a status \(operation.name) declares (\(keys))", actual: String(response.status),
                details: ["\(operation.name) is at \(spec.path)\(declaredAt)"])
            return findings
        }
        findings.hit = OperationHit(spec: spec.path, operation: operation.name, response: key)
        let responseAt = declared.location.map { "\($0.file):\($0.line):\($0.column)" } ?? spec.path
        let what = "\(operation.name) → \(key)"

        // Headers it declares.
        for header in declared.headers {
            let value = response.headers[header.name]
            guard let value else {
                if header.isRequired {
                    result("header \(header.name)", passed: false, expected: "the header \(what) requires", actual: "no '\(header.name)' header",
                           details: ["declared at \(responseAt)"])
                }
                continue
            }
            if let schema = header.schema, let failures = Self.failures(of: Self.typedValue(value, for: schema), against: schema) {
                result("header \(header.name)", passed: false, expected: "a value \(what) allows", actual: DecodedValue.string(value).jsonText,
                       details: failures.map { "\($0.keyword): \($0.message) (schema: \($0.schemaLocation))" })
            }
        }

        // The body: its media type, then its schema.
        guard !declared.body.content.isEmpty else { return findings }
        let contentType = response.headers["Content-Type"]
        if response.bodySize == 0, response.status != 204, response.status != 304, sent.method != .head {
            let types = declared.body.content.map(\.mediaType).joined(separator: ", ")
            result("body", passed: false, expected: "a body of \(types), as \(what) declares", actual: "an empty body",
                   details: ["declared at \(responseAt)"])
            return findings
        }
        guard let contentType, let declaredType = declared.body.mediaType(for: contentType) else {
            let types = declared.body.content.map(\.mediaType).joined(separator: ", ")
            result("content-type", passed: false, expected: "one of \(types), as \(what) declares", actual: contentType ?? "no Content-Type header",
                   details: ["declared at \(responseAt)"])
            return findings
        }
        let mediaType = declaredType.mediaType
        guard let schema = declaredType.schema, Self.isJSON(mediaType) || Self.isJSON(contentType) else { return findings }
        let value: DecodedValue
        if let decoded {
            value = decoded
        } else {
            do {
                value = try JSONParser.parse(response.body)
            } catch {
                result("body", passed: false, expected: "JSON, as \(mediaType) says", actual: "a body that is not JSON: \(error)",
                       details: ["declared at \(responseAt)"])
                return findings
            }
        }
        if let failures = Self.failures(of: value, against: schema, direction: .response) {
            result("body", passed: false, expected: "a body that matches \(what)'s \(mediaType) schema", actual: value.jsonText(limit: 240).truncatedForDisplay(),
                   details: failures.map { "\($0.instancePath): \($0.keyword): \($0.message) (schema: \($0.schemaLocation))" })
        }
        return findings
    }

    /// Required parameters the request lacks, and a JSON body its schema does not allow.
    private func requestProblems(
        _ sent: PreparedRequest, operation: OpenAPIOperation, pathParameters: [String: String], location: SourceLocation?
    ) -> [Diagnostic] {
        var problems: [String] = []
        let query = Self.query(sent.url)
        for parameter in operation.parameters {
            let value: String?
            switch parameter.location {
            case "path": value = pathParameters[parameter.name]
            case "query": value = query[parameter.name]
            case "header": value = sent.headers[parameter.name]
            default: continue
            }
            guard let value else {
                if parameter.isRequired { problems.append("it lacks the required \(parameter.location == "header" ? "header" : "\(parameter.location) parameter") '\(parameter.name)'") }
                continue
            }
            if let schema = parameter.schema {
                let typed = Self.typedValue(value, for: schema)
                if let failure = Self.failures(of: typed, against: schema)?.first {
                    problems.append("its \(parameter.location) parameter '\(parameter.name)' is '\(value)': \(failure.keyword): \(failure.message)")
                }
            }
        }
        if let body = operation.requestBody {
            if let sentBody = sent.body, !sentBody.bytes.isEmpty {
                let contentType = sent.headers["Content-Type"] ?? sentBody.contentType ?? ""
                if let declared = body.mediaType(for: contentType) {
                    if let schema = declared.schema, Self.isJSON(declared.mediaType), let value = try? JSONParser.parse(sentBody.bytes),
                       let failures = Self.failures(of: value, against: schema, direction: .request) {
                        problems += failures.map { "its body: \($0.instancePath): \($0.keyword): \($0.message) (schema: \($0.schemaLocation))" }
                    }
                } else if !body.content.isEmpty {
                    problems.append("it sends \(contentType.isEmpty ? "a body without Content-Type" : contentType), but \(operation.name) takes \(body.content.map(\.mediaType).joined(separator: ", "))")
                }
            } else if body.isRequired {
                problems.append("it sends no body, but \(operation.name) requires one")
            }
        }
        guard !problems.isEmpty else { return [] }
        let at = operation.location.map { " (\(spec.path):\($0.line):\($0.column))" } ?? ""
        return [Diagnostic(
            "the request does not follow \(operation.name)\(at): " + problems[0], at: location,
            notes: Array(problems.dropFirst()), severity: strict ? .error : .warning)]
    }

    private static func failures(
        of value: DecodedValue, against schema: JSONSchema, direction: SchemaDirection = .any
    ) -> [SchemaFailure]? {
        // OpenAPI validators assert formats: a spec's `format: uuid` is part of the contract.
        guard !schema.isValid(value, assertsFormats: true, direction: direction) else { return nil }
        return schema.failures(value, limit: SchemaCheck.failureLimit, assertsFormats: true, direction: direction)
    }

    /// A parameter's or header's text as the value its schema reads: a number or boolean when it
    /// parses as one and the text alone would not do.
    package static func typedValue(_ text: String, for schema: JSONSchema) -> DecodedValue {
        let string = DecodedValue.string(text)
        if schema.isValid(string) { return string }
        // An array parameter: `a,b` (form style), or the values of a repeated name joined so.
        if text.utf8.contains(UInt8(ascii: ",")) || schema.isValid(.array([])) {
            let items = DecodedValue.array(text.split(separator: ",", omittingEmptySubsequences: false).map { item in
                let part = String(item)
                if let integer = Int(part) { return .integer(integer) }
                if let number = Double(part) { return .number(number) }
                if part == "true" || part == "false" { return .bool(part == "true") }
                return .string(part)
            })
            if schema.isValid(items) { return items }
        }
        if let integer = Int(text) { return .integer(integer) }
        if let number = Double(text) { return .number(number) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        return string
    }

    package static func isJSON(_ mediaType: String) -> Bool {
        let essence = MediaType.essence(mediaType)
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// The query's parameters, percent-decoded; a repeated name's values joined with commas.
    package static func query(_ url: String) -> [String: String] {
        guard let question = url.firstIndex(of: "?") else { return [:] }
        var result: [String: String] = [:]
        for pair in url[url.index(after: question)...].prefix(while: { $0 != "#" }).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { URLBuilder.decode(String($0).replacing("+", with: " ")) }
            guard let name = parts.first else { continue }
            let value = parts.count > 1 ? parts[1] : ""
            // A repeated name (`id=1&id=2`, form style exploded) reads as `1,2`.
            result[name] = result[name].map { $0 + "," + value } ?? value
        }
        return result
    }
}
