/// Checks a response against a declared request: decodes the body once (with the request's
/// decoder, or as JSON when a JSONPath needs it), evaluates every expectation, takes every capture.
package struct ResponseChecker: Sendable {
    /// The decoders `decode:` names.
    package var registry: DecoderRegistry
    /// Hides secrets in what is reported; secret captures are added to it.
    package var redactor: Redactor

    /// Creates a checker.
    package init(registry: DecoderRegistry, redactor: Redactor) {
        self.registry = registry
        self.redactor = redactor
    }

    /// What a check found.
    package struct CheckResult: Sendable {
        /// Every expectation's result, in order.
        package var expectations: [ExpectationResult] = []
        /// Failures: expectations, decoding, captures.
        package var failures: [Diagnostic] = []
        /// Values captured, in order, unredacted (the runner stores them in the scope).
        package var captures: [(capture: Capture, value: DecodedValue)] = []
        /// Warnings: what the request sends that its OpenAPI spec does not allow.
        package var warnings: [Diagnostic] = []
        /// The OpenAPI operation the response exercised, for coverage.
        package var openAPI: OperationHit?
    }

    /// Checks `response` against `request`'s expectations and captures, reading templates in `scope`.
    /// With `contract`, the response to `sent` is checked against its OpenAPI operation too.
    /// `bodyUse` is the request's, when the caller has worked it out already.
    package func check(
        _ request: DeclaredRequest, sent: PreparedRequest? = nil, response: Response, scope: Scope,
        contract: OpenAPIContract? = nil, bodyUse: BodyUse? = nil
    ) async -> CheckResult {
        let bodyUse = bodyUse ?? request.bodyUse
        var outcome = CheckResult()
        var decodingFailure: String?
        let decoded = bodyUse.needsDecodedValue
            ? await decode(response, for: request, keeping: contract == nil ? bodyUse.jsonSelection : nil, failure: &decodingFailure, into: &outcome)
            : nil

        // Captures first: a secret one must be known before anything from this response is
        // put into words (a failed expectation's actual value may hold it).
        var captureFailures: [Diagnostic] = []
        for capture in request.captures {
            switch value(of: capture.source, response: response, decoded: decoded) {
            case let .success(value):
                if capture.isSecret { redactor.add(value) }
                outcome.captures.append((capture, value))
            case let .failure(reason):
                captureFailures.append(Diagnostic("capture '\(capture.name)' found nothing: \(reason.message)", at: capture.location))
            }
        }
        // A stream's events as expectations read them, made for the first that does.
        var events: DecodedValue?
        for expectation in request.expectations {
            if let (result, reported) = evaluate(
                expectation, of: request, response: response, decoded: decoded, decodingFailure: decodingFailure, events: &events, scope: scope
            ) {
                if !result.passed, reported { outcome.failures.append(result.diagnostic) }
                outcome.expectations.append(result)
            }
        }

        if let contract, let sent {
            let findings = contract.check(
                sent: sent, response: response, decoded: request.decoder == nil ? decoded : nil, location: request.location)
            outcome.openAPI = findings.hit
            for var result in findings.results {
                result.actual = redactor.redact(result.actual)
                result.details = result.details.map(redactor.redact)
                outcome.expectations.append(result)
                if !result.passed { outcome.failures.append(result.diagnostic) }
            }
            for problem in findings.requestProblems {
                var problem = problem
                problem.message = redactor.redact(problem.message)
                problem.notes = problem.notes.map(redactor.redact)
                if problem.severity == .error { outcome.failures.append(problem) } else { outcome.warnings.append(problem) }
            }
        }
        if request.checksGraphQLErrors, var failure = Self.graphQLErrors(in: response, at: request.location) {
            failure.message = redactor.redact(failure.message)
            failure.notes = failure.notes.map(redactor.redact)
            outcome.failures.append(failure)
        }
        if let stream = request.stream, let received = response.stream {
            outcome.failures += stream.failures(of: received, response: response)
        }
        outcome.failures += captureFailures
        return outcome
    }

    /// The body decoded with the request's decoder (or as JSON, building only `selection` when
    /// given); a failure is recorded in `outcome` and its sentence put in `failure`.
    private func decode(
        _ response: Response, for request: DeclaredRequest, keeping selection: JSONParser.Selection?, failure: inout String?,
        into outcome: inout CheckResult
    ) async -> DecodedValue? {
        do {
            if let name = request.decoder { return try await registry.decoder(named: name).decode(response) }
            // JSON: only what the checks read is built, unless a contract reads it all.
            return try JSONResponseDecoder().decode(response, keeping: selection)
        } catch {
            // Every decoder's failure names the decoder, whatever a Swift decoder threw.
            let named = error is DecodingFailure || request.decoder == nil
                ? String(describing: error) : "\(request.decoder ?? ""): \(error)"
            let message = redactor.redact(named)
            failure = message
            outcome.failures.append(Diagnostic("decoding failed: \(message)", at: request.decoderLocation ?? request.location))
            return nil
        }
    }

    /// One expectation's result on `response`, and whether a failure of it is a failure of its own
    /// (not one of a body that could not be decoded); nil for one checked elsewhere (latency).
    private func evaluate(
        _ expectation: Expectation, of request: DeclaredRequest, response: Response, decoded: DecodedValue?, decodingFailure: String?,
        events: inout DecodedValue?, scope: Scope
    ) -> (result: ExpectationResult, reported: Bool)? {
        let actual: DecodedValue?
        var missing = "nothing"
        switch expectation.subject {
        case .status: actual = .integer(response.status)
        case let .header(name):
            let values = response.headers.values(for: name)
            actual = values.isEmpty ? nil : .string(values.joined(separator: ", "))
            missing = "no '\(name)' header"
        case .body:
            if let checked = BodyMatcher.evaluate(expectation.predicate, on: response.body) {
                let result = ExpectationResult(
                    label: expectation.label, passed: checked.passed, expected: checked.expectation,
                    actual: .words(BodyMatcher.excerpt(response.body)), redactor: redactor, location: expectation.location)
                return (result, true)
            }
            actual = .string(response.text)
        case .duration: actual = .number(response.duration.milliseconds)
        case .version: actual = .string(response.version)
        case let .events(path):
            let counting: Bool = if case .count = expectation.predicate { true } else { false }
            actual = response.events(at: path, counting: counting, readsJSON: request.eventsReadJSON, cache: &events)
            missing = response.stream == nil ? "no event stream (the request has no 'stream:')" : "no event at this path"
        case .firstEvent:
            actual = response.stream?.firstEvent.map { .number($0.milliseconds) }
            missing = "no event arrived"
        case .latency: return nil  // Checked once over all runs, by `LatencyCheck`.
        case .json, .decodedBody:
            guard let decoded else {
                // Not a failure of its own: the decoding failure is reported once.
                return (ExpectationResult(
                    label: expectation.label, passed: false, expected: "(not checked)",
                    actual: "the body could not be decoded: \(decodingFailure ?? "")", location: expectation.location), false)
            }
            if case let .json(path) = expectation.subject {
                let nodes = path.select(decoded)
                actual = path.isSingular ? nodes.first : .array(nodes)
                missing = "nothing at this path"
            } else {
                actual = decoded
            }
        }
        let result: ExpectationResult
        do throws(Diagnostic) {
            let evaluation = try expectation.predicate.evaluate(
                actual, in: scope, format: expectation.format, assertsFormats: request.options.assertsFormats == true)
            // The texts are made when shown: a passing check is shown only by a JSON report.
            var checked = ExpectationResult(
                label: expectation.label, passed: evaluation.passed, expected: evaluation.expectation,
                actual: actual.map { .shown($0, expectation.format) } ?? .words(missing), redactor: redactor,
                location: expectation.location, reason: evaluation.reason.map(redactor.redact))
            if !evaluation.schemaFailures.isEmpty {
                checked.details = evaluation.schemaFailures.map { failure in
                    redactor.redact(Self.sentence(failure, under: expectation.subject))
                }
            }
            result = checked
        } catch {
            result = ExpectationResult(
                label: expectation.label, passed: false, expected: "(not checked)", actual: error.message,
                location: expectation.location)
        }
        return (result, true)
    }

    /// The GraphQL `errors` of a response, when it has some: each error's message and path.
    static func graphQLErrors(in response: Response, at location: SourceLocation?) -> Diagnostic? {
        guard case let .object(members)? = try? JSONParser.parse(response.body), case let .array(errors)? = members["errors"], !errors.isEmpty
        else { return nil }
        let notes = errors.prefix(20).map { error -> String in
            guard case let .object(fields) = error else { return error.jsonText(limit: 200) }
            var line = fields["message"]?.stringValue ?? fields["message"]?.jsonText(limit: 200) ?? "(no message)"
            if case let .array(path)? = fields["path"], !path.isEmpty {
                line += " (path: " + path.map(\.interpolationText).joined(separator: ".") + ")"
            }
            return line
        } + (errors.count > 20 ? ["… \(errors.count - 20) more"] : [])
        let count = errors.count == 1 ? "an error" : "\(errors.count) errors"
        return Diagnostic("the GraphQL response has \(count) (expect something of $.errors to allow them)", at: location, notes: notes)
    }

    struct Missing: Error { var message: String }

    /// A schema failure with its path from the response's root: `$.data[0]` and `$.name` make
    /// `$.data[0].name` (a path that selects several values keeps its own paths).
    static func sentence(_ failure: SchemaFailure, under subject: Expectation.Subject) -> String {
        var path = failure.instancePath
        if case let .json(base) = subject, base.isSingular, base.source != "$" {
            path = base.source + path.dropFirst()
        }
        return "\(path): \(failure.keyword): \(failure.message) (schema: \(failure.schemaLocation))"
    }

    private func value(of source: Capture.Source, response: Response, decoded: DecodedValue?) -> Result<DecodedValue, Missing> {
        switch source {
        case let .json(path):
            guard let decoded else { return .failure(Missing(message: "the body could not be decoded")) }
            let nodes = path.select(decoded)
            guard path.isSingular else { return .success(.array(nodes)) }
            guard let node = nodes.first else { return .failure(Missing(message: "nothing at \(path.source)")) }
            return .success(node)
        case let .header(name):
            guard let value = response.headers[name] else { return .failure(Missing(message: "no '\(name)' header in the response")) }
            return .success(.string(value))
        case .status:
            return .success(.integer(response.status))
        case .body:
            return .success(.string(response.text))
        case let .regex(pattern):
            guard let value = pattern.firstGroup(in: response.text) else {
                return .failure(Missing(message: "/\(pattern.source)/ does not match the body"))
            }
            return .success(.string(value))
        case let .events(path):
            guard let stream = response.stream else { return .failure(Missing(message: "the request has no 'stream:'")) }
            let nodes = path.select(stream.value(includingJSON: EventStreamSettings.readsJSON(path, overList: true)))
            guard path.isSingular else { return .success(.array(nodes)) }
            guard let node = nodes.first else { return .failure(Missing(message: "no event at \(path.source)")) }
            return .success(node)
        case let .cookie(name):
            for header in response.headers.values(for: "Set-Cookie") {
                let pair = header.split(separator: ";", maxSplits: 1).first ?? ""
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: " ") == name {
                    return .success(.string(String(parts[1]).trimmingCharacters(in: " ")))
                }
            }
            return .failure(Missing(message: "the response sets no cookie '\(name)'"))
        }
    }
}
