import RestRun

extension FuzzSession {
    /// The methods sent where a path does not declare them, as Schemathesis sends them (`HEAD`
    /// and `OPTIONS` are left out: servers answer them for every path).
    static let probedMethods = ["GET", "PUT", "POST", "DELETE", "PATCH", "TRACE"]

    /// Sends each method a selected path does not declare once, with the values of a positive
    /// case of the path's first selected operation, and checks that it is refused. By default a
    /// success or a server error (but 501 Not Implemented) fails; with `--checks all`, anything
    /// but 405 with an `Allow` header, except a 404 on a path with parameters (its resource was
    /// made up), an authentication refusal and a 429.
    func probeMethods(_ selected: [Int], networker: Networker, ledger: FuzzLedger) async -> Int {
        let operations = spec.operations
        let basePath = URLParts(settings.baseURL).map(\.path).flatMap { $0 == "/" ? nil : $0 }
        var sent = 0
        var probed = Set<String>()
        for index in selected where probed.insert(operations[index].path).inserted {
            let operation = operations[index]
            let declared = Set(operations.filter { $0.path == operation.path }.map { $0.method.uppercased() })
            let generator = CaseGenerator(operation: operation, index: index, seed: settings.seed)
            guard var base = (0..<CaseGenerator.variants).lazy.compactMap({ generator.positive($0) }).first(where: \.isWritable) else { continue }
            base.body = nil
            for method in Self.probedMethods where !declared.contains(method) {
                var probe = base
                probe.method = method
                let request = prepare(probe, operation: operation)
                // The concrete path may be another template's with this method (`GET
                // /user/createWithList` is `GET /user/{username}`): then the method is declared.
                if spec.operation(method: method, url: request.url, basePath: basePath) != nil { continue }
                guard await ledger.admit() else { return sent }
                sent += 1
                var answer: Response?
                guard await send(request, case: probe, operation: operation, networker: networker, ledger: ledger, received: { answer = $0 }) != nil
                else { return sent }
                guard let answer, let failure = methodFailure(answer, method: method, declared: declared, operation: operation) else { continue }
                var finding = FuzzFinding(
                    operation: operation.name, check: .unsupportedMethod, status: answer.status, message: failure,
                    details: Self.bodyNote(answer), steps: [FuzzStep(fuzzCase: probe, request: request, status: answer.status)])
                if settings.checksAll {
                    // The strict form fails on a 405 without `Allow` too: the file checks both.
                    finding.expectedStatus = "405"
                    finding.expectedHeaders = [("Allow", "{ exists: true }")]
                }
                _ = await ledger.record(finding)
            }
        }
        return sent
    }

    /// Why `response` to an undeclared `method` fails, or nil when it does not.
    private func methodFailure(_ response: Response, method: String, declared: Set<String>, operation: OpenAPIOperation) -> String? {
        let status = response.status
        let listed = declared.sorted().joined(separator: ", ")
        let wrong = "\(method) \(operation.path) answered \(status), but the path declares only \(listed)"
        if (200..<300).contains(status) || (status >= 500 && status != 501) { return wrong }
        guard settings.checksAll else { return nil }
        if status == 405 {
            return response.headers["Allow"] == nil ? "\(method) \(operation.path) answered 405 without an Allow header" : nil
        }
        if status == 404, operation.path.contains("{") { return nil }
        if [401, 403, 429].contains(status) { return nil }
        return wrong + " (expected 405)"
    }
}
