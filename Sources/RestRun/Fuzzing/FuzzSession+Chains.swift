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
            var capture = source.capturePath
            if case let .field(names) = source {
                for container in [("$", body), ("$['data']", Self.member(body, "data"))] {
                    if let name = names.first(where: { Self.member(container.1, $0) != nil }) {
                        capture = container.0 + "[\(YAMLText.singleQuotedJSONPath(name))]"
                        break
                    }
                }
            }
            values[parameter] = (value, FuzzStep.Link(step: 0, capture: capture))
        }
        /// A positive case of `index` with the linked values in its path.
        func linkedCase(_ index: Int) -> (FuzzCase, [String: FuzzStep.Link])? {
            let generator = CaseGenerator(operation: operations[index], index: index, seed: settings.seed ^ 0x5EED)
            guard var fuzzCase = generator.positive(number) else { return nil }
            var links: [String: FuzzStep.Link] = [:]
            for (parameter, (value, link)) in values {
                fuzzCase.parameters.removeAll { $0.location == "path" && $0.name == parameter }
                fuzzCase.parameters.append(FuzzCase.Parameter(location: "path", name: parameter, value: value))
                links[parameter] = link
            }
            return fuzzCase.isWritable ? (fuzzCase, links) : nil
        }
        if let reader = chain.reader, let (read, links) = linkedCase(reader) {
            guard let response = await send(read, linked: links) else { return }
            // An inferred chain may guess wrong (a 202 with a job's id): only a 201 Created, or a
            // link the spec declares, says that the resource is there to read.
            if response.status == 404, chain.isLinked || created.status == 201 {
                await record(Failure(
                    check: .resourceAvailability, status: 404,
                    message: "\(operations[reader].name) answered 404 for the resource \(producer.name) had just created (\(created.status))"),
                    operation: operations[reader], steps: [steps[0], steps[steps.count - 1]], ledger: ledger)
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
                await record(Failure(
                    check: .useAfterFree, status: response.status,
                    message: "\(operations[reader].name) answered \(response.status) for the resource \(operations[deleter].name) had deleted (\(deleted.status))"),
                    operation: operations[reader], steps: [steps[0], deletion, steps[steps.count - 1]], ledger: ledger)
            }
        }
    }

    /// Records a failure on `operation` with the steps that led to it.
    func record(_ failure: Failure, operation: OpenAPIOperation, steps: [FuzzStep], ledger: FuzzLedger) async {
        let finding = FuzzFinding(
            operation: operation.name, check: failure.check, status: failure.status, message: failure.message,
            details: failure.details, steps: steps)
        _ = await ledger.record(finding)
    }

    static func member(_ value: DecodedValue?, _ name: String) -> DecodedValue? {
        if case let .object(members)? = value { members[name] } else { nil }
    }
}
