import RestRun

extension FuzzSession {
    /// Sends each selected operation that declares authentication a positive case without
    /// credentials, then with made-up ones for each scheme it takes, and checks that each is
    /// refused (Schemathesis's `ignored_auth`): a 2xx to either fails. The run's own credentials
    /// (`-H`, `--with`) are left out of both; a made-up value is never one a server issued.
    func probeAuth(_ selected: [Int], networker: Networker, ledger: FuzzLedger) async -> Int {
        guard settings.checks.contains(.ignoredAuth) else { return 0 }
        var sent = 0
        for index in selected {
            let operation = spec.operations[index]
            guard let schemes = operation.security.first, !schemes.isEmpty else { continue }
            // Every alternative's credentials are left out, so that none gets the probe in.
            let everyScheme = operation.security.flatMap { $0 }
            let generator = CaseGenerator(operation: operation, index: index, seed: settings.seed)
            guard var base = (0..<CaseGenerator.variants).lazy.compactMap({ generator.positive($0) }).first(where: \.isWritable) else { continue }
            // A credential the spec also declares as a parameter is the probe's to set or leave out.
            base.parameters.removeAll { parameter in everyScheme.contains { $0.carries(parameter) } }
            var probes = [(base, "without credentials")]
            for scheme in schemes {
                guard let made = scheme.madeUpCredentials else { continue }
                var probe = base
                probe.parameters.append(RequestParameter(location: made.location, name: made.name, value: .string(made.value)))
                probes.append((probe, "with made-up \(scheme.description) credentials"))
            }
            for (probe, how) in probes {
                var request = prepare(probe, operation: operation)
                request.auth = nil
                for name in Set(everyScheme.compactMap(\.header)).sorted() where !request.headers.contains(name) {
                    request.fileHeaders.removeAll { $0.0.lowercased() == name.lowercased() }
                    request.removedHeaders.insert(name.lowercased())
                }
                guard await ledger.admit() else { return sent }
                sent += 1
                var answer: Response?
                guard await send(request, case: probe, operation: operation, networker: networker, ledger: ledger, received: { answer = $0 }) != nil
                else { return sent }
                guard let answer, (200..<300).contains(answer.status) else { continue }
                let declared = schemes.map(\.description).joined(separator: " and ")
                let finding = FuzzFinding(
                    operation: operation.name, check: .ignoredAuth, status: answer.status,
                    message: "\(operation.name) answered \(answer.status) \(how), though it declares \(declared) authentication (expected 401 or 403)",
                    details: Self.bodyNote(answer), steps: [FuzzStep(fuzzCase: probe, request: request, status: answer.status)])
                // One finding an operation: the first way in is enough to show it.
                if await ledger.record(finding) { break }
            }
        }
        return sent
    }
}
