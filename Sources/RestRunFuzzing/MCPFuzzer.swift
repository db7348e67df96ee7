import OrderedCollections
package import RestRun

/// Fuzzes an MCP server's tools from their `inputSchema`s (`rest-run fuzz FILE` with
/// `mcp_server:`): positive cases, arguments the schema allows, must not end in a JSON-RPC error,
/// crash or hang the server, and must return `structuredContent` that matches the tool's
/// `outputSchema`; negative cases, arguments it refuses (one thing broken), must be refused with
/// JSON-RPC -32602 or `isError: true`. The first finding of each tool and check is shrunk.
package struct MCPFuzzer {
    package let target: MCPFuzzTarget
    package let settings: MCPFuzzSettings
    private var session: MCPSession?
    private var calls = 0
    private let start = ContinuousClock.now

    /// What the fuzzing came to.
    package struct Report: Sendable {
        package var findings: [MCPFuzzFinding] = []
        package var calls = 0
        package var duration: Duration = .zero
        /// Why the server could not be started or listed, when it could not.
        package var unreachable: String?
        /// Each tool fuzzed: its name, its calls and its findings.
        package var tools: [(name: String, calls: Int, findings: Int)] = []
    }

    package init(target: MCPFuzzTarget, settings: MCPFuzzSettings) {
        self.target = target
        self.settings = settings
    }

    /// What a call came to.
    private enum ToolCallOutcome {
        case result(DecodedValue)
        case rpcError(MCPRPCError)
        case failed(MCPFailure)
    }

    /// A case of a tool: its arguments, whether the schema refuses them, and how.
    private struct Case {
        var arguments: DecodedValue
        var negative: Bool
        var change: String?
        var lenient = false
    }

    /// Fuzzes every selected tool; `done` hears of each tool as it ends, `found` of each finding.
    package mutating func run(
        done: (String, Int, Int) -> Void, found: (MCPFuzzFinding) -> Void
    ) async -> Report {
        var report = Report()
        let listed: MCPCatalog
        do throws(MCPFailure) {
            let session = try await connected()
            listed = await MCPCatalog.list(session, within: settings.timeout * 3)
        } catch {
            report.unreachable = error.sentence
            return report
        }
        if let problem = listed.toolsProblem {
            report.unreachable = problem
            end()
            return report
        }
        let names = settings.tools.isEmpty ? listed.tools.keys.sorted() : settings.tools
        for name in names {
            guard let tool = listed.tools[name] else {
                report.unreachable = "\(target.address.described) has no tool '\(name)'" + (Suggestion.closest(to: name, in: listed.tools.keys).map { " (did you mean '\($0)'?)" } ?? "")
                end()
                return report
            }
            let before = (calls, report.findings.count)
            await fuzz(tool, into: &report, found: found)
            report.tools.append((name, calls - before.0, report.findings.count - before.1))
            done(name, calls - before.0, report.findings.count - before.1)
            if isOverBudget { break }
        }
        end()
        report.calls = calls
        report.duration = ContinuousClock.now - start
        return report
    }

    private var isOverBudget: Bool {
        if let limit = settings.timeLimit, ContinuousClock.now - start >= limit { return true }
        if let most = settings.maxRequests, calls >= most { return true }
        return false
    }

    private mutating func fuzz(_ tool: MCPCatalog.Tool, into report: inout Report, found: (MCPFuzzFinding) -> Void) async {
        guard let schema = tool.input else { return }
        var seen = Set<FuzzCheck>()
        for number in 0..<(settings.maxExamples * 2) where !isOverBudget {
            let negative = number % 2 == 1
            guard let fuzzCase = negative ? negativeCase(tool.name, schema, number / 2) : positiveCase(tool.name, schema, number / 2) else { continue }
            let outcome = await call(tool.name, fuzzCase.arguments)
            guard let problem = judge(outcome, fuzzCase, tool: tool), !seen.contains(problem.check) else {
                if case .failed(let failure) = outcome, failure.kind == .unreachable || failure.kind == .refused {
                    report.unreachable = failure.sentence
                    return
                }
                continue
            }
            seen.insert(problem.check)
            var finding = MCPFuzzFinding(
                tool: tool.name, check: problem.check, arguments: fuzzCase.arguments, negative: fuzzCase.negative, change: fuzzCase.change,
                message: problem.message, serverFailed: problem.serverFailed)
            if !(problem.serverFailed && problem.message.contains("did not answer")) {
                (finding.arguments, finding.message) = await shrink(fuzzCase, problem.message, check: problem.check, tool: tool, schema: schema)
            }
            report.findings.append(finding)
            found(finding)
        }
    }

    // MARK: Cases

    private func positiveCase(_ tool: String, _ schema: JSONSchema, _ number: Int) -> Case? {
        var generator = ValueGenerator(
            random: SeededRandom.derived(from: settings.seed, [tool, "positive"], number), variant: number < 12 ? number : nil, place: .body)
        guard let value = generator.value(for: schema.root), case .object = value, schema.isValid(value) else { return nil }
        return Case(arguments: value, negative: false)
    }

    private func negativeCase(_ tool: String, _ schema: JSONSchema, _ number: Int) -> Case? {
        let base = positiveCase(tool, schema, number)?.arguments ?? .object([:])
        var mutator = ValueMutator(random: SeededRandom.derived(from: settings.seed, [tool, "negative"], number), place: .body)
        for _ in 0..<8 {
            guard let (value, change) = mutator.mutate(base, node: schema.root), case .object = value, !schema.isValid(value) else { continue }
            let lenient = schema.isValid(Self.coerced(value))
            if lenient, !settings.checks.contains(.lenientTypes) { continue }
            return Case(arguments: value, negative: true, change: change, lenient: lenient)
        }
        return nil
    }

    /// `value` as a lenient server reads it: numeric texts as numbers, booleans as 0 and 1.
    static func coerced(_ value: DecodedValue) -> DecodedValue {
        switch value {
        case let .string(text):
            if let integer = Int(text) { return .integer(integer) }
            if let number = Double(text), number.isFinite { return .number(number) }
            return value
        case let .bool(flag): return .integer(flag ? 1 : 0)
        case let .array(items): return .array(items.map(coerced))
        case let .object(members): return .object(members.mapValues(coerced))
        default: return value
        }
    }

    // MARK: Calls

    private mutating func connected() async throws(MCPFailure) -> MCPSession {
        if let session { return session }
        let started = MCPSession(address: target.address, answers: target.answers)
        try await started.start(environment: target.environment, within: MCPServers.startLimit)
        session = started
        return started
    }

    private mutating func end() {
        session?.end()
        session = nil
    }

    private mutating func call(_ tool: String, _ arguments: DecodedValue) async -> ToolCallOutcome {
        let session: MCPSession
        do throws(MCPFailure) {
            session = try await connected()
        } catch {
            return .failed(error)
        }
        calls += 1
        switch await session.ask("tools/call", params: ["name": .string(tool), "arguments": arguments], within: settings.timeout) {
        case let .failure(failure):
            // A server that crashed, hung or wrote nonsense is started again for the next case.
            end()
            return .failed(failure)
        case let .success(outcome):
            if let error = outcome.error { return .rpcError(error) }
            return .result(outcome.result ?? .object([:]))
        }
    }

    /// The check a call fails, what happened, and whether the server itself failed.
    private func judge(_ outcome: ToolCallOutcome, _ fuzzCase: Case, tool: MCPCatalog.Tool) -> (check: FuzzCheck, message: String, serverFailed: Bool)? {
        let checks = settings.checks
        let kind = fuzzCase.negative ? "invalid arguments" : "arguments its inputSchema allows"
        switch outcome {
        case let .failed(failure):
            guard failure.kind != .unreachable, failure.kind != .refused, checks.contains(.serverError) else { return nil }
            return (.serverError, "\(failure.message) (on \(kind))", true)
        case let .rpcError(error):
            guard checks.contains(.serverError), !fuzzCase.negative || error.code == -32603 else { return nil }
            return (.serverError, "JSON-RPC error \(error.code) (\(error.message)) to \(kind)", false)
        case let .result(result):
            let isError = result.member("isError") == .bool(true)
            if fuzzCase.negative {
                guard !isError else { return nil }
                let check: FuzzCheck = fuzzCase.lenient ? .lenientTypes : .negativeDataRejection
                guard checks.contains(check) else { return nil }
                return (check, "answered as if valid (isError: false) to arguments its inputSchema refuses: \(fuzzCase.change ?? "")", false)
            }
            guard !isError, let output = tool.output, checks.contains(.responseSchema) else { return nil }
            guard let structured = result.member("structuredContent") else {
                return (.responseSchema, "no structuredContent, and the tool declares an outputSchema", false)
            }
            guard let failure = output.failures(structured).first else { return nil }
            return (.responseSchema, "structuredContent does not match the outputSchema: $.structuredContent\(failure.instancePath.dropFirst()): \(failure.keyword): \(failure.message)", false)
        }
    }

    /// The smallest arguments, within a budget of calls, that still fail `check` the same way
    /// (still valid for a positive case, still refused by the schema for a negative one).
    private mutating func shrink(
        _ fuzzCase: Case, _ message: String, check: FuzzCheck, tool: MCPCatalog.Tool, schema: JSONSchema
    ) async -> (arguments: DecodedValue, message: String) {
        var current = fuzzCase
        var said = message
        var budget = 40
        var progressed = true
        while progressed, budget > 0, !isOverBudget {
            progressed = false
            for candidate in ValueShrinker.smaller(current.arguments) where budget > 0 {
                guard case .object = candidate, schema.isValid(candidate) != fuzzCase.negative else { continue }
                var smaller = current
                smaller.arguments = candidate
                if fuzzCase.negative { smaller.lenient = schema.isValid(Self.coerced(candidate)) }
                guard smaller.lenient == fuzzCase.lenient else { continue }
                budget -= 1
                if let problem = judge(await call(tool.name, candidate), smaller, tool: tool), problem.check == check {
                    current = smaller
                    said = problem.message
                    progressed = true
                    break
                }
            }
        }
        return (current.arguments, said)
    }
}
