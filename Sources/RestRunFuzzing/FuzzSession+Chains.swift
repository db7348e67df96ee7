import RestRun

extension FuzzSession {
    /// Follows each chain `sequences` times: create a resource, read it (it must be there),
    /// update it, delete it, and read it again (it must be gone). Every response also goes
    /// through the usual checks.
    func followChains(_ chains: [ResourceChain], networker: Networker, ledger: FuzzLedger) async -> [String: Int] {
        var requests: [String: Int] = [:]
        let sequences = max(1, min(settings.maxExamples / 4, 25))
        for chain in chains {
            for number in 0..<sequences {
                guard await ledger.isGoing else { return requests }
                await follow(chain, number: number, networker: networker, ledger: ledger, requests: &requests)
            }
        }
        return requests
    }

    private func follow(_ chain: ResourceChain, number: Int, networker: Networker, ledger: FuzzLedger, requests: inout [String: Int]) async {
        let operations = spec.operations
        let producer = operations[chain.producer]
        let generator = CaseGenerator(operation: producer, index: chain.producer, seed: settings.seed ^ 0x5EED)
        guard let create = generator.positive(number), create.isWritable else { return }
        var steps: [FuzzStep] = []
        /// Sends one step; nil when the run must stop.
        func send(_ fuzzCase: FuzzCase, linked: [String: FuzzStep.Link]) async -> Response? {
            let operation = operations[fuzzCase.operation]
            let request = prepare(fuzzCase, operation: operation)
            guard await ledger.admit() else { return nil }
            requests[operation.name, default: 0] += 1
            var response: Response?
            let failures = await self.send(request, case: fuzzCase, operation: operation, networker: networker, ledger: ledger) { response = $0 }
            steps.append(FuzzStep(fuzzCase: fuzzCase, request: request, status: response?.status ?? 0, linked: linked))
            // A failure needs only this step, and the one that made its linked values.
            let needed = steps.count == 1 || linked.isEmpty ? [steps[steps.count - 1]] : [steps[0], steps[steps.count - 1]]
            for failure in failures ?? [] { await record(failure, operation: operation, steps: needed, ledger: ledger) }
            return response
        }
        guard let created = await send(create, linked: [:]), (200..<300).contains(created.status) else { return }
        let body = try? JSONParser.parse(created.body)
        var values: [String: (DecodedValue, FuzzStep.Link)] = [:]
        for (parameter, source) in chain.sources {
            guard let value = source.value(request: create, body: body, headers: created.headers) else { return }
            values[parameter] = (value, FuzzStep.Link(step: 0, capture: source.capture(in: body)))
        }
        /// Records a stateful failure and, when it is new, shrinks its sequence.
        func recordAndShrink(_ failure: FuzzFailure, operation: OpenAPIOperation, steps: [FuzzStep]) async {
            guard await record(failure, operation: operation, steps: steps, ledger: ledger),
                  let finding = await ledger.findings["\(operation.name) \(failure.check.rawValue) \(failure.status)"] else { return }
            await shrinkSequence(finding, chain: chain, networker: networker, ledger: ledger)
        }
        /// A positive case of `index` with the linked values in its path.
        func linkedCase(_ index: Int) -> (FuzzCase, [String: FuzzStep.Link])? {
            let generator = CaseGenerator(operation: operations[index], index: index, seed: settings.seed ^ 0x5EED)
            guard var fuzzCase = generator.positive(number) else { return nil }
            var links: [String: FuzzStep.Link] = [:]
            for (parameter, (value, link)) in values {
                fuzzCase.parameters.removeAll { $0.location == "path" && $0.name == parameter }
                fuzzCase.parameters.append(RequestParameter(location: "path", name: parameter, value: value))
                links[parameter] = link
            }
            return fuzzCase.isWritable ? (fuzzCase, links) : nil
        }
        if let reader = chain.reader, let (read, links) = linkedCase(reader) {
            guard let response = await send(read, linked: links) else { return }
            // An inferred chain may guess wrong (a 202 with a job's id): only a 201 Created, or a
            // link the spec declares, says that the resource is there to read.
            if response.status == 404, chain.isLinked || created.status == 201 {
                await recordAndShrink(FuzzFailure(
                    check: .resourceAvailability, status: 404,
                    message: "\(operations[reader].name) answered 404 for the resource \(producer.name) had just created (\(created.status))"),
                    operation: operations[reader], steps: [steps[0], steps[steps.count - 1]])
            }
        }
        for updater in chain.updaters {
            guard let (update, links) = linkedCase(updater) else { continue }
            guard await send(update, linked: links) != nil else { return }
        }
        guard let deleter = chain.deleter, let (delete, links) = linkedCase(deleter) else { return }
        guard let deleted = await send(delete, linked: links), (200..<300).contains(deleted.status) else { return }
        let deletion = steps[steps.count - 1]
        if let reader = chain.reader, let (read, links) = linkedCase(reader) {
            guard let response = await send(read, linked: links) else { return }
            if (200..<300).contains(response.status) {
                await recordAndShrink(FuzzFailure(
                    check: .useAfterFree, status: response.status,
                    message: "\(operations[reader].name) answered \(response.status) for the resource \(operations[deleter].name) had deleted (\(deleted.status))"),
                    operation: operations[reader], steps: [steps[0], deletion, steps[steps.count - 1]])
            }
        }
    }

    /// Records a failure on `operation` with the steps that led to it; returns whether it is new.
    @discardableResult
    func record(_ failure: FuzzFailure, operation: OpenAPIOperation, steps: [FuzzStep], ledger: FuzzLedger) async -> Bool {
        let finding = FuzzFinding(
            operation: operation.name, check: failure.check, status: failure.status, message: failure.message,
            details: failure.details, steps: steps)
        return await ledger.record(finding)
    }

    /// A new stateful finding with its first step (the create) made as small as it can be while
    /// the whole sequence, replayed with the new resource's values, fails the same way.
    func shrinkSequence(_ finding: FuzzFinding, chain: ResourceChain, networker: Networker, ledger: FuzzLedger) async {
        guard finding.steps.count > 1, let first = finding.steps.first, first.fuzzCase.operation == chain.producer else { return }
        let operations = spec.operations
        var best = finding
        var budget = 60
        var improved = true
        while improved, budget > 0 {
            improved = false
            for candidate in CaseShrinker(operation: operations[chain.producer]).candidates(best.steps[0].fuzzCase) where candidate.isWritable {
                guard budget > 0 else { break }
                budget -= 1
                guard let replayed = await replay(best.steps, create: candidate, chain: chain, networker: networker, ledger: ledger) else { return }
                guard let last = replayed.last, last.status == finding.status || finding.status == 0,
                      await failsAlike(finding, steps: replayed, networker: networker, ledger: ledger) else { continue }
                best.steps = replayed
                improved = true
                break
            }
        }
        if best.steps[0].fuzzCase != finding.steps[0].fuzzCase { await ledger.update(best) }
    }

    /// `steps` sent again with `create` first and the values its response gives in the later
    /// steps' paths; nil when the run must stop or the sequence cannot be made.
    private func replay(
        _ steps: [FuzzStep], create: FuzzCase, chain: ResourceChain, networker: Networker, ledger: FuzzLedger
    ) async -> [FuzzStep]? {
        let operations = spec.operations
        var sent: [FuzzStep] = []
        var values: [String: DecodedValue] = [:]
        for (place, step) in steps.enumerated() {
            var fuzzCase = place == 0 ? create : step.fuzzCase
            for parameter in step.linked.keys {
                guard let value = values[parameter] else { return nil }
                fuzzCase.parameters.removeAll { $0.location == "path" && $0.name == parameter }
                fuzzCase.parameters.append(RequestParameter(location: "path", name: parameter, value: value))
            }
            let operation = operations[fuzzCase.operation]
            let request = prepare(fuzzCase, operation: operation)
            guard await ledger.admit() else { return nil }
            var response: Response?
            _ = await send(request, case: fuzzCase, operation: operation, networker: networker, ledger: ledger) { response = $0 }
            guard let response else { return nil }
            sent.append(FuzzStep(fuzzCase: fuzzCase, request: request, status: response.status, linked: step.linked))
            if place == 0 {
                guard (200..<300).contains(response.status) else { return nil }
                let body = try? JSONParser.parse(response.body)
                for (parameter, source) in chain.sources {
                    guard let value = source.value(request: fuzzCase, body: body, headers: response.headers) else { return nil }
                    values[parameter] = value
                }
            }
        }
        return sent
    }

    /// Whether a replayed sequence ends the way `finding` did.
    private func failsAlike(_ finding: FuzzFinding, steps: [FuzzStep], networker: Networker, ledger: FuzzLedger) async -> Bool {
        guard let last = steps.last else { return false }
        switch finding.check {
        case .useAfterFree:
            return steps.count == 3 && (200..<300).contains(steps[1].status) && (200..<300).contains(last.status)
        case .resourceAvailability:
            return last.status == 404
        default:
            return last.status == finding.status
        }
    }
}
