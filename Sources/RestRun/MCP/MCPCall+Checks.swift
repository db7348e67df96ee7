import OrderedCollections

extension MCPCall {
    /// The call's own checks of what it received: no JSON-RPC error unless `rpc_error:` expects
    /// one, a tool's `isError` as `mcp_error:` says (false unless written), the tool's
    /// `outputSchema` over `structuredContent`, and `notifications:`.
    func results(of received: MCPReceived, result: DecodedValue?, scope: Scope, redactor: Redactor) -> [ExpectationResult] {
        if let problems = received.argumentProblems {
            return [ExpectationResult(
                label: "arguments", passed: false, expected: "arguments that match \(tool?.name ?? "the tool")'s inputSchema",
                actual: redactor.redact(problems.first ?? ""), location: location,
                reason: "the rendered arguments were not sent (write validate: false to send them anyway)",
                details: problems.dropFirst().map(redactor.redact))]
        }
        var results: [ExpectationResult] = []
        if let expected = expectedError {
            results += errorResults(expected, received.error, scope: scope, redactor: redactor)
        } else if let error = received.error {
            results.append(ExpectationResult(
                label: "rpc_error", passed: false, expected: "a result (no JSON-RPC error)",
                actual: redactor.redact("error \(error.code): \(error.message)"), location: location,
                reason: "write rpc_error: {code: \(error.code)} if the error is what this request means to get"))
        }
        if received.error == nil, let result, case .tool = operation {
            let isError = result.member("isError") == .bool(true)
            if isError != expectsToolError || toolErrorLocation != nil {
                let text = result.member("content")?.items?.compactMap { $0.member("text")?.stringValue }.joined(separator: " ") ?? ""
                results.append(ExpectationResult(
                    label: "mcp_error", passed: isError == expectsToolError, expected: expectsToolError ? "the tool reports an error (isError: true)" : "no error from the tool (isError: false)",
                    actual: redactor.redact(isError ? "isError: true" + (text.isEmpty ? "" : ": \(text.prefix(300))") : "isError: false"),
                    location: toolErrorLocation ?? location))
            }
            if !isError, let schema = tool?.output {
                results.append(outputResult(schema, result.member("structuredContent"), redactor: redactor))
            }
        }
        let notifications = DecodedValue.array(received.notifications)
        for check in notificationChecks {
            let nodes = check.path.select(notifications)
            let actual = check.path.isSingular ? nodes.first : .array(nodes)
            do throws(Diagnostic) {
                let evaluation = try check.predicate.evaluate(actual, in: scope, format: .json)
                results.append(ExpectationResult(
                    label: "notifications \(check.path.source)", passed: evaluation.passed, expected: evaluation.expectation,
                    actual: actual.map { .shown($0, .json) } ?? .words("no notification at this path"), redactor: redactor,
                    location: check.location, reason: evaluation.reason.map(redactor.redact)))
            } catch {
                results.append(ExpectationResult(
                    label: "notifications \(check.path.source)", passed: false, expected: "(not checked)", actual: error.message, location: check.location))
            }
        }
        return results
    }

    private func errorResults(_ expected: MCPExpectedError, _ error: MCPRPCError?, scope: Scope, redactor: Redactor) -> [ExpectationResult] {
        guard let error else {
            return [ExpectationResult(
                label: "rpc_error", passed: false, expected: expected.code.map { "JSON-RPC error \($0)" } ?? "a JSON-RPC error",
                actual: "a result (no JSON-RPC error)", location: expected.location)]
        }
        var results: [ExpectationResult] = []
        if let code = expected.code {
            results.append(ExpectationResult(
                label: "rpc_error code", passed: error.code == code, expected: "\(code)",
                actual: redactor.redact("\(error.code): \(error.message)"), location: expected.location))
        }
        if let message = expected.message {
            do throws(Diagnostic) {
                let evaluation = try message.evaluate(.string(error.message), in: scope, format: .json)
                results.append(ExpectationResult(
                    label: "rpc_error message", passed: evaluation.passed, expected: evaluation.expectation,
                    actual: .shown(.string(error.message), .json), redactor: redactor, location: expected.location,
                    reason: evaluation.reason.map(redactor.redact)))
            } catch {
                results.append(ExpectationResult(
                    label: "rpc_error message", passed: false, expected: "(not checked)", actual: error.message, location: expected.location))
            }
        }
        if results.isEmpty {
            results.append(ExpectationResult(
                label: "rpc_error", passed: true, expected: "a JSON-RPC error", actual: redactor.redact("\(error.code): \(error.message)"),
                location: expected.location))
        }
        return results
    }

    /// The contract check: a tool with an `outputSchema` returns `structuredContent` that matches it.
    private func outputResult(_ schema: JSONSchema, _ structured: DecodedValue?, redactor: Redactor) -> ExpectationResult {
        let name = tool?.name ?? ""
        guard let structured else {
            return ExpectationResult(
                label: "structuredContent", passed: false, expected: "structuredContent that matches \(name)'s outputSchema",
                actual: "no structuredContent in the result", location: location,
                reason: "the tool declares an outputSchema, so its result must carry structuredContent")
        }
        let failures = schema.failures(structured)
        var result = ExpectationResult(
            label: "structuredContent", passed: failures.isEmpty, expected: .words("a value that matches \(name)'s outputSchema"),
            actual: .shown(structured, .json), redactor: redactor, location: location)
        result.details = failures.map { redactor.redact("$.structuredContent\($0.instancePath.dropFirst()): \($0.keyword): \($0.message)") }
        return result
    }

    /// Why the rendered arguments do not match the tool's `inputSchema`, when they held templates
    /// (written-out ones were checked when the file loaded); empty when they do.
    func renderedProblems(_ params: DecodedValue) -> [String] {
        guard case .tool = operation, validates, !argumentsChecked, let schema = tool?.input else { return [] }
        return schema.failures(params.member("arguments") ?? .object([:])).map {
            "\(MCPLoader.argumentsPath($0.instancePath)): \($0.keyword): \($0.message)"
        }
    }

    /// The JSON-RPC `params` the call sends, rendered in `scope`.
    func params(in scope: Scope) throws(Diagnostic) -> DecodedValue {
        let arguments = try self.arguments?.resolve(in: scope)
        if let arguments, case .object = arguments {} else if let arguments {
            throw Diagnostic("'arguments' must be a mapping, and the variable holds \(arguments.typeName)", at: location)
        }
        switch operation {
        case let .tool(name):
            return .object(fromPairs: [("name", .string(name)), ("arguments", arguments ?? .object([:]))])
        case let .prompt(name):
            var members: [(String, DecodedValue)] = [("name", .string(name))]
            if let arguments { members.append(("arguments", arguments)) }
            return .object(fromPairs: members)
        case let .resource(uri):
            return .object(fromPairs: [("uri", .string(try uri.render(in: scope)))])
        case .method:
            return arguments ?? .object([:])
        case .list, .initialize:
            return .object([:])
        }
    }
}
