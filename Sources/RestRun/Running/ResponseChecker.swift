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
        /// What `expect: snapshot:` records of the response (secrets redacted).
        package var snapshot: SnapshotEntry?
    }

    /// Checks `response` against `request`'s expectations and captures, reading templates in `scope`.
    /// With `contract`, the response to `sent` is checked against its OpenAPI operation too.
    /// `bodyUse` is the request's, when the caller has worked it out already.
    package func check(
        _ request: DeclaredExchange, sent: PreparedRequest? = nil, response: Response, scope: Scope,
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
        if let declaration = request.snapshot {
            outcome.snapshot = SnapshotEntry(
                response: response, declaration: declaration, decoded: request.decoder == nil ? nil : decoded, redactor: redactor)
        }
        for result in kindResults(of: request, response: response, scope: scope) {
            if !result.passed { outcome.failures.append(result.diagnostic) }
            outcome.expectations.append(result)
        }
        // What a kind received, as expectations read it, made for the first that does.
        var events: DecodedValue?
        for expectation in request.expectations {
            if let (result, reported) = evaluate(
                expectation, of: request, response: response, decoded: decoded, decodingFailure: decodingFailure, events: &events, scope: scope
            ) {
                if !result.passed, reported { outcome.failures.append(result.diagnostic) }
                outcome.expectations.append(consume result)
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
        outcome.failures += kindFailures(of: request, response: response)
        outcome.failures += captureFailures
        return outcome
    }

    /// The body decoded with the request's decoder (or as JSON, building only `selection` when
    /// given); a failure is recorded in `outcome` and its sentence put in `failure`.
    private func decode(
        _ response: Response, for request: DeclaredExchange, keeping selection: JSONParser.Selection?, failure: inout String?,
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
        _ expectation: Expectation, of request: DeclaredExchange, response: Response, decoded: DecodedValue?, decodingFailure: String?,
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
        case let .trailer(name):
            let values = response.received?.trailers?.values(for: name) ?? []
            actual = values.isEmpty ? nil : .string(values.joined(separator: ", "))
            missing = response.received?.trailers == nil ? "no trailers (the response has none)" : "no '\(name)' trailer"
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
        case .events, .firstEvent:
            (actual, missing) = kindSubject(expectation, of: request, response: response, cache: &events)
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
        case let .trailer(name):
            guard let value = response.received?.trailers?[name] else { return .failure(Missing(message: "no '\(name)' trailer in the response")) }
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
            return kindCapture(events: path, response: response)
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
