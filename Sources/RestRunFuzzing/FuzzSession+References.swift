import RestRun

extension FuzzSession {
    /// What linking a case to fresh resources gave.
    enum Linking {
        /// The run must stop (a limit, or the server went away).
        case stop
        /// Nothing to link, or no resource could be made: send the case as it is.
        case unchanged
        /// The case naming the new resources, after the steps that made them.
        case linked(FuzzCase, creates: [FuzzStep], links: [String: FuzzStep.Link])
    }

    /// Makes the resources `fuzzCase`'s references name (one `POST` each) and puts their ids in
    /// the case, where the schemas judge the result as they judged the case. Failures on the
    /// creates are recorded on their own operations.
    func link(
        _ fuzzCase: FuzzCase, references: [ResourceReference], number: Int, networker: Networker, ledger: FuzzLedger,
        requests: inout Int
    ) async -> Linking {
        let operations = spec.operations
        let judge = CaseShrinker(operation: operations[fuzzCase.operation])
        var linked = fuzzCase
        var creates: [FuzzStep] = []
        var links: [String: FuzzStep.Link] = [:]
        var made: [Int: (body: DecodedValue?, create: FuzzCase, headers: Headers, step: Int)] = [:]
        for reference in references where "\(reference.location) \(reference.name)" != fuzzCase.negatedPart {
            guard reference.location == "body" || reference.location == "path" || fuzzCase.value(at: reference.key) != nil
                    || operations[fuzzCase.operation].parameters.contains(where: { $0.name == reference.name && $0.isRequired })
            else { continue }
            if made[reference.producer] == nil {
                let producer = operations[reference.producer]
                let generator = CaseGenerator(operation: producer, index: reference.producer, seed: settings.seed ^ 0x11D)
                guard let create = generator.positive(number % CaseGenerator.variants), create.isWritable else { continue }
                let request = prepare(create, operation: producer)
                guard await ledger.admit() else { return .stop }
                requests += 1
                var answer: Response?
                guard let failures = await send(request, case: create, operation: producer, networker: networker, ledger: ledger, received: { answer = $0 })
                else { return .stop }
                let step = FuzzStep(fuzzCase: create, request: request, status: answer?.status ?? 0)
                for failure in failures { await record(failure, operation: producer, steps: [step], ledger: ledger) }
                guard let answer, (200..<300).contains(answer.status) else { continue }
                creates.append(step)
                made[reference.producer] = (try? JSONParser.parse(answer.body), create, answer.headers, creates.count - 1)
            }
            guard let resource = made[reference.producer],
                  let value = reference.source.value(request: resource.create, body: resource.body, headers: resource.headers),
                  let candidate = linked.setting(value, at: reference.key),
                  judge.isJudgedAlike(candidate)
            else { continue }
            linked = candidate
            links[reference.key] = FuzzStep.Link(step: resource.step, capture: reference.source.capture(in: resource.body))
        }
        guard !links.isEmpty else { return .unchanged }
        // Only the creates whose resource the case names are part of it.
        let used = Set(links.values.map(\.step)).sorted()
        var renumbered = links
        for (key, link) in links { renumbered[key]?.step = used.firstIndex(of: link.step) ?? 0 }
        return .linked(linked, creates: used.map { creates[$0] }, links: renumbered)
    }

    /// A one-request finding made to stand on resources of its own: its case sent again naming
    /// resources made just before it, kept when it fails the same way, so that the saved file
    /// replays against a server that never saw the run.
    func anchored(_ finding: FuzzFinding, references: [ResourceReference], networker: Networker, ledger: FuzzLedger) async -> FuzzFinding {
        guard !references.isEmpty, finding.steps.count == 1, let step = finding.steps.first, step.fuzzCase.method == nil else { return finding }
        var requests = 0
        // The first boundary variants of the create: with its optional fields and without, at
        // the schemas' lower and upper bounds.
        for number in 0..<4 {
            let linking = await link(step.fuzzCase, references: references, number: number, networker: networker, ledger: ledger, requests: &requests)
            guard case let .linked(linked, creates, links) = linking else {
                if case .stop = linking { return finding }
                continue
            }
            let operation = spec.operations[linked.operation]
            let request = prepare(linked, operation: operation)
            guard await ledger.admit(),
                  let failures = await send(request, case: linked, operation: operation, networker: networker, ledger: ledger)
            else { return finding }
            guard let same = failures.first(where: { $0.check == finding.check && $0.status == finding.status }) else { continue }
            var anchored = finding
            anchored.message = same.message
            anchored.details = same.details
            anchored.steps = creates + [FuzzStep(fuzzCase: linked, request: request, status: same.status, linked: links)]
            return anchored
        }
        return finding
    }
}
