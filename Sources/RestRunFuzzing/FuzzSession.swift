import AsyncHTTPClient
import NIOCore
import NIOPosix
package import RestRun

/// Runs `rest-run fuzz`: for each selected operation, positive and negative cases in turn, each
/// sent and its response checked; each new kind of failure is shrunk to its smallest case.
package struct FuzzSession: Sendable {
    package let spec: OpenAPISpec
    package let settings: FuzzSettings
    /// Told each operation's line as it finishes.
    package let progress: @Sendable (FuzzReport.OperationTally) -> Void
    /// Hears the findings of each line as the line is done (`--report-ndjson`'s `finding` lines).
    package var found: @Sendable ([FuzzFinding]) -> Void = { _ in }
    /// The networkers' delegates: auth that acts while sending (its tokens shared by the run), then retries.
    let delegates: [any NetworkingDelegate]

    /// A session over `spec` with `settings`.
    package init(spec: OpenAPISpec, settings: FuzzSettings, progress: @escaping @Sendable (FuzzReport.OperationTally) -> Void = { _ in }) {
        self.spec = spec
        self.settings = settings
        self.progress = progress
        delegates = [AuthDelegate(redactor: settings.redactor), RetryDelegate()]
    }

    /// Fuzzes the operations at `selected` (places in `spec.operations`).
    package func run(_ selected: [Int]) async throws -> FuzzReport {
        let ledger = FuzzLedger(settings: settings)
        let clientSettings = ClientSettings(connectTimeout: settings.transport.connectTimeout ?? TransportOptions.defaultConnectTimeout)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let outcome: Result<[FuzzReport.OperationTally], any Error>
        do {
            let references = ResourceReference.references(of: spec)
            var operations = try await lines(selected, references: references, clientSettings: clientSettings, group: group, ledger: ledger)
            operations.append(try await methodsLine(selected, clientSettings: clientSettings, group: group, ledger: ledger))
            if let auth = try await authLine(selected, clientSettings: clientSettings, group: group, ledger: ledger) { operations.append(auth) }
            if let chains = try await chainsLine(selected, clientSettings: clientSettings, group: group, ledger: ledger) { operations.append(chains) }
            outcome = .success(operations)
        } catch {
            outcome = .failure(error)
        }
        try? await group.shutdownGracefully()
        var report = FuzzReport(seed: settings.seed)
        report.operations = try outcome.get()
        report.findings = await ledger.orderedFindings
        report.hits = await ledger.hits
        report.requests = await ledger.requests
        report.duration = await ledger.elapsed
        report.stoppedBy = await ledger.stoppedBy
        report.unreachable = await ledger.unreachable
        return report
    }

    /// Each selected operation's line, `jobs` operations at a time.
    private func lines(
        _ selected: [Int], references: [Int: [ResourceReference]], clientSettings: ClientSettings, group: MultiThreadedEventLoopGroup,
        ledger: FuzzLedger
    ) async throws -> [FuzzReport.OperationTally] {
        try await HTTPClientPool.with(clientSettings, eventLoopGroup: group) { pool in
            let networker = Networker(pool: pool, delegates: delegates)
            return await withTaskGroup(of: FuzzReport.OperationTally.self) { tasks in
                var lines: [Int: FuzzReport.OperationTally] = [:]
                var next = 0
                func start() {
                    guard next < selected.count else { return }
                    let index = selected[next]
                    next += 1
                    tasks.addTask { await fuzz(index, references: references[index] ?? [], networker: networker, ledger: ledger) }
                }
                for _ in 0..<max(1, settings.jobs) { start() }
                while let line = await tasks.next() {
                    if let place = selected.firstIndex(where: { spec.operations[$0].name == line.name }) { lines[place] = line }
                    progress(line)
                    found(await ledger.takeNew())
                    start()
                }
                return selected.indices.compactMap { lines[$0] }
            }
        }
    }

    /// The undeclared methods sent to the selected paths, as one line.
    private func methodsLine(_ selected: [Int], clientSettings: ClientSettings, group: MultiThreadedEventLoopGroup, ledger: FuzzLedger) async throws -> FuzzReport.OperationTally {
        try await probeLine("undeclared methods", clientSettings: clientSettings, group: group, ledger: ledger) { networker in
            await probeMethods(selected, networker: networker, ledger: ledger)
        }
    }

    /// The authentication probes of the selected operations that declare it, as one line.
    private func authLine(_ selected: [Int], clientSettings: ClientSettings, group: MultiThreadedEventLoopGroup, ledger: FuzzLedger) async throws -> FuzzReport.OperationTally? {
        let secured = selected.filter { !spec.operations[$0].security.isEmpty }
        guard !secured.isEmpty, settings.checks.contains(.ignoredAuth), await ledger.isGoing else { return nil }
        let name = "authentication: \(secured.count) operation\(secured.count == 1 ? "" : "s")"
        return try await probeLine(name, clientSettings: clientSettings, group: group, ledger: ledger) { networker in
            await probeAuth(secured, networker: networker, ledger: ledger)
        }
    }

    /// One line of probes: `probe` sends them through a networker of its own and says how many
    /// requests it sent; the line counts the findings they made.
    private func probeLine(
        _ name: String, clientSettings: ClientSettings, group: MultiThreadedEventLoopGroup, ledger: FuzzLedger,
        probe: @Sendable @escaping (Networker) async -> Int
    ) async throws -> FuzzReport.OperationTally {
        let before = await ledger.orderedFindings.count
        var line = FuzzReport.OperationTally(name: name)
        let start = ContinuousClock.now
        line.requests = try await HTTPClientPool.with(clientSettings, eventLoopGroup: group) { pool in
            await probe(Networker(pool: pool, delegates: delegates))
        }
        line.duration = ContinuousClock.now - start
        for finding in await ledger.orderedFindings.dropFirst(before) { line.findings[finding.check, default: 0] += 1 }
        progress(line)
        found(await ledger.takeNew())
        return line
    }

    /// The stateful sequences over the selected operations' chains, as one line.
    private func chainsLine(_ selected: [Int], clientSettings: ClientSettings, group: MultiThreadedEventLoopGroup, ledger: FuzzLedger) async throws -> FuzzReport.OperationTally? {
        let chosen = Set(selected)
        let chains = ResourceChain.chains(of: spec).filter { chosen.contains($0.producer) }
        guard !chains.isEmpty, await ledger.isGoing else { return nil }
        let before = await ledger.orderedFindings.count
        let requests = try await HTTPClientPool.with(clientSettings, eventLoopGroup: group) { pool in
            await followChains(chains, networker: Networker(pool: pool, delegates: delegates), ledger: ledger)
        }
        var line = FuzzReport.OperationTally(name: "stateful: \(chains.count) chain\(chains.count == 1 ? "" : "s")")
        line.requests = requests.values.reduce(0, +)
        for finding in await ledger.orderedFindings.dropFirst(before) { line.findings[finding.check, default: 0] += 1 }
        progress(line)
        found(await ledger.takeNew())
        return line
    }

    /// Fuzzes one operation: up to `maxExamples` distinct cases, positive and negative in turn;
    /// every third pair names resources made for it where the operation has `references`.
    private func fuzz(_ index: Int, references: [ResourceReference], networker: Networker, ledger: FuzzLedger) async -> FuzzReport.OperationTally {
        let operation = spec.operations[index]
        var line = FuzzReport.OperationTally(name: operation.name)
        let start = ContinuousClock.now
        let generator = CaseGenerator(operation: operation, index: index, seed: settings.seed)
        var seen = Set<String>()
        var number = 0, repeats = 0, cases = 0, linkings = 0
        var positivesLeft = true, negativesLeft = true
        cases: while cases < settings.maxExamples, positivesLeft || negativesLeft, repeats < 200 {
            let negative = number % 2 == 1
            let generated = negative ? (negativesLeft ? generator.negative(number / 2) : nil) : (positivesLeft ? generator.positive(number / 2) : nil)
            number += 1
            guard let made = generated else {
                // The first cases decide whether an operation has any of the kind at all.
                if number / 2 > CaseGenerator.variants {
                    if negative { negativesLeft = false } else { positivesLeft = false }
                }
                if number > 4 * settings.maxExamples + 40 { break }
                continue
            }
            guard made.isWritable else { continue }
            var fuzzCase = made
            var creates: [FuzzStep] = []
            var links: [String: FuzzStep.Link] = [:]
            if !references.isEmpty, (number - 1) / 2 % 3 == 1 {
                linkings += 1
                switch await link(made, references: references, number: linkings, networker: networker, ledger: ledger, requests: &line.requests) {
                case .stop: break cases
                case .unchanged: break
                case let .linked(linked, made, madeLinks): (fuzzCase, creates, links) = (linked, made, madeLinks)
                }
            }
            let request = prepare(fuzzCase, operation: operation)
            guard seen.insert(Self.fingerprint(request)).inserted else {
                repeats += 1
                continue
            }
            guard await ledger.admit() else { break }
            line.requests += 1
            cases += 1
            guard let failures = await send(request, case: fuzzCase, operation: operation, networker: networker, ledger: ledger) else { break }
            for failure in failures {
                let finding = FuzzFinding(
                    operation: operation.name, check: failure.check, status: failure.status, message: failure.message,
                    details: failure.details, steps: creates + [FuzzStep(fuzzCase: fuzzCase, request: request, status: failure.status, linked: links)])
                if await ledger.record(finding) {
                    line.findings[failure.check, default: 0] += 1
                    let shrunk = await shrink(finding, operation: operation, networker: networker, ledger: ledger)
                    await ledger.update(await anchored(shrunk, references: references, networker: networker, ledger: ledger))
                }
            }
        }
        line.duration = ContinuousClock.now - start
        return line
    }

    /// The finding with its case made as small as it can be while it fails the same way (the
    /// same check, the same status), within a budget of requests.
    private func shrink(_ finding: FuzzFinding, operation: OpenAPIOperation, networker: Networker, ledger: FuzzLedger) async -> FuzzFinding {
        // The steps before the last made the resources it names; their values stay as they are.
        guard let last = finding.steps.last, last.fuzzCase.operation == spec.operations.firstIndex(where: { $0.name == operation.name })
        else { return finding }
        var smallest = last.fuzzCase
        let kept = last.linked.keys.map { ($0, last.fuzzCase.value(at: $0)) }
        var best = finding
        let shrinker = CaseShrinker(operation: operation)
        var budget = 150
        var improved = true
        while improved, budget > 0 {
            improved = false
            for candidate in shrinker.candidates(smallest) where candidate.isWritable && kept.allSatisfy({ candidate.value(at: $0.0) == $0.1 }) {
                guard budget > 0, await ledger.admit() else { return best }
                budget -= 1
                let request = prepare(candidate, operation: operation)
                guard let failures = await send(request, case: candidate, operation: operation, networker: networker, ledger: ledger) else {
                    return best
                }
                guard let same = failures.first(where: { $0.check == finding.check && $0.status == finding.status }) else { continue }
                smallest = candidate
                best.message = same.message
                best.details = same.details
                best.steps = finding.steps.dropLast() + [FuzzStep(fuzzCase: candidate, request: request, status: same.status, linked: last.linked)]
                improved = true
                break
            }
        }
        return best
    }

    /// The request a case becomes, with the run's headers under its own.
    func prepare(_ fuzzCase: FuzzCase, operation: OpenAPIOperation) -> PreparedRequest {
        var request = fuzzCase.request(to: settings.baseURL, operation: operation)
        request.transport = settings.transport
        request.baseURL = settings.baseURL
        request.fileHeaders = settings.headers
        request.auth = settings.auth
        request.keepsBody = true
        return request
    }

    /// What failed on one request: nil when the run must stop (the server cannot be reached).
    func send(
        _ request: PreparedRequest, case fuzzCase: FuzzCase, operation: OpenAPIOperation, networker: Networker, ledger: FuzzLedger,
        received: (Response) -> Void = { _ in }
    ) async -> [FuzzFailure]? {
        var attempt = 0
        while true {
            let response: Response
            let closes = await ledger.closesConnections
            let started = ContinuousClock.now
            do {
                var sent = request
                if closes { sent.headers.add("Connection", "close") }
                response = try await networker.send(sent)
            } catch let error as NetworkError {
                if await !ledger.reached, [.connectionRefused, .hostNotFound, .connectTimeout, .tls].contains(error.kind) {
                    await ledger.cannotReach("cannot reach \(settings.baseURL): \(error.message)")
                    return nil
                }
                // A URL that cannot be sent is the case's fault, not the server's.
                if error.kind == .invalidURL { return [] }
                return [FuzzFailure(check: .serverError, status: 0, message: "no answer: \(error.message)")]
            } catch {
                return [FuzzFailure(check: .serverError, status: 0, message: "no answer")]
            }
            await ledger.answered(after: ContinuousClock.now - started, closed: closes)
            received(response)
            // Too many requests: wait as the server asks (within reason), then send again.
            if response.status == 429, attempt < 3 {
                attempt += 1
                let wait = Self.retryAfter(response.headers["Retry-After"]) ?? .seconds(1)
                let left = await ledger.timeLeft
                if let left, left < wait { return [] }
                try? await Task.sleep(for: wait)
                continue
            }
            return await failures(of: response, to: request, case: fuzzCase, operation: operation, ledger: ledger)
        }
    }

    /// A failed check on one response.
    struct FuzzFailure: Sendable {
        var check: FuzzCheck
        var status: Int
        var message: String
        var details: [String] = []
    }

    private func failures(
        of response: Response, to request: PreparedRequest, case fuzzCase: FuzzCase, operation: OpenAPIOperation, ledger: FuzzLedger
    ) async -> [FuzzFailure] {
        var failures: [FuzzFailure] = []
        let status = response.status
        if status >= 500 {
            failures.append(FuzzFailure(check: .serverError, status: status, message: "\(operation.name) answered \(status)",
                                    details: Self.bodyNote(response)))
        }
        let contract = OpenAPIContract(spec: spec)
        let findings = contract.check(sent: request, response: response, decoded: nil, location: nil)
        // Coverage is recorded before the response is judged: a detached task could be lost when the run ends.
        if let hit = findings.hit { await ledger.hit(hit) }
        for result in findings.results where !result.passed {
            let check: FuzzCheck
            switch result.label {
            case "openapi status": check = .statusCode
            case "openapi content-type": check = .contentType
            case "openapi body": check = .responseSchema
            default: check = result.label.hasPrefix("openapi header") ? .responseHeaders : .responseSchema
            }
            failures.append(FuzzFailure(
                check: check, status: status, message: "expected \(result.expected), got \(result.actual)", details: result.details))
        }
        if let header = fuzzCase.leftOutHeader {
            // Schemathesis's missing_required_header: only a client error refuses it.
            if !(400..<500).contains(status) {
                failures.append(FuzzFailure(
                    check: .missingRequiredHeader, status: status,
                    message: "\(operation.name) answered \(status) without the required header '\(header)' (expected a 4xx)"))
            }
        } else if let negation = fuzzCase.negation, (200..<400).contains(status) {
            failures.append(FuzzFailure(
                check: .negativeDataRejection, status: status,
                message: "\(operation.name) answered \(status) to invalid input: \(negation)"))
        }
        // Not a refusal of the input: authentication, a made-up resource, a conflict with one that
        // exists (as Schemathesis has it), limits on size and rate.
        if settings.checks.contains(.positiveDataAcceptance), fuzzCase.isPositive, (400..<500).contains(status),
           ![401, 403, 404, 409, 413, 414, 429, 431].contains(status) {
            failures.append(FuzzFailure(
                check: .positiveDataAcceptance, status: status,
                message: "\(operation.name) answered \(status) to input its schemas allow", details: Self.bodyNote(response)))
        }
        return failures
    }

    /// The start of a response's body, as a note.
    static func bodyNote(_ response: Response) -> [String] {
        let text = String(decoding: response.body.prefix(300), as: UTF8.self)
        return text.isEmpty ? [] : ["body: \(text)\(response.body.count > 300 ? "…" : "")"]
    }

    /// What identifies a request: its method, URL, headers and body.
    static func fingerprint(_ request: PreparedRequest) -> String {
        var text = request.method.rawValue + " " + request.url
        for field in request.headers.fields { text += "\n\(field.name): \(field.value)" }
        if let body = request.body { text += "\n\n" + String(decoding: body.bytes, as: UTF8.self) }
        return text
    }

    /// `Retry-After` in seconds (an HTTP date is read as one second), at most a minute.
    static func retryAfter(_ value: String?) -> Duration? {
        guard let value else { return nil }
        guard let seconds = Int(value.trimmingCharacters(in: " ")) else { return .seconds(1) }
        return .seconds(min(max(0, seconds), 60))
    }
}
