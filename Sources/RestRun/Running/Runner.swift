/// Runs the requests of a file in order through a `Networking`, checking each response and
/// feeding its captures to the requests after it.
package struct Runner: Sendable {
    /// The decoders `decode:` names.
    package var registry: DecoderRegistry
    /// Values from `--var` and `--vars-file` (and `mock_url`); they override the file's defaults.
    package var variables: [String: DecodedValue]
    /// Hides secrets.
    package var redactor: Redactor
    /// Hears about every request as it finishes.
    package var observer: (any RunObserver)?
    /// Which requests are sent (`--tag`, `--name`).
    package var filter: RequestFilter
    /// Stops the run early; shared by all the files of a run.
    package var control: RunControl?
    /// Whether a failing request stops the run (`--fail-fast`).
    package var stopsOnFailure = false
    /// Whether every response body is kept even when nothing reads it (`--very-verbose` shows them).
    package var keepsAllBodies = false

    /// Creates a runner.
    package init(
        registry: DecoderRegistry = .builtIn, variables: [String: DecodedValue] = [:],
        redactor: Redactor = Redactor(), observer: (any RunObserver)? = nil,
        filter: RequestFilter = RequestFilter()
    ) {
        self.filter = filter
        self.registry = registry
        self.variables = variables
        self.redactor = redactor
        self.observer = observer
    }

    /// The scope a file starts with: its variables, then the run's, which override them.
    package func initialScope(for file: RequestFile) -> Scope {
        var scope = Scope(variables)
        for variable in file.variables where variables[variable.name] == nil {
            if let value = try? variable.value.resolve(in: scope) { scope[variable.name] = value }
        }
        return scope
    }

    /// Runs every request of `file` through `networking`.
    package func run(_ file: RequestFile, networking: any Networking) async -> FileResult {
        observer?.runner(didStart: file)
        let start = ContinuousClock.now
        var scope = initialScope(for: file)
        var results: [RequestResult] = []
        let registry = registry(for: file)
        // Captures of requests that --tag / --name left out, to name them when a selected request needs one.
        var unselectedCaptures: [String: String] = [:]
        func emit(_ result: RequestResult) {
            results.append(result)
            observer?.runner(didFinish: result, in: file)
            if stopsOnFailure, result.outcome == .failed || result.outcome == .error { control?.stop() }
        }
        for request in file.requests {
            guard filter.selects(request) else {
                for capture in request.captures where unselectedCaptures[capture.name] == nil {
                    unselectedCaptures[capture.name] = request.name
                }
                continue
            }
            if control?.isStopped == true || Task.isCancelled { break }
            var missing: String?
            if !unselectedCaptures.isEmpty {
                request.forEachTemplate { template in
                    for part in template.parts where missing == nil {
                        if case let .variable(name, _) = part, scope[name] == nil, unselectedCaptures[name] != nil { missing = name }
                    }
                }
            }
            if let name = missing, let source = unselectedCaptures[name] {
                var result = RequestResult(
                    name: request.name, method: request.method, url: redactor.redact(request.url.description),
                    location: request.location, outcome: .skipped)
                result.skipReason = "needs '\(name)', captured by '\(source)', which is not selected (--tag / --name)"
                results.append(result)
                observer?.runner(didFinish: result, in: file)
                continue
            }
            if let iteration = request.iteration {
                await runEach(request, over: iteration, of: file, registry: registry, networking: networking, scope: &scope, emit: emit)
            } else {
                await runStep(request, of: file, registry: registry, networking: networking, scope: &scope, emit: emit)
            }
        }
        let result = FileResult(path: file.path, name: file.name, requests: results, duration: ContinuousClock.now - start)
        observer?.runner(didFinish: result)
        return result
    }

    /// The run's decoders plus the external decoders `file` declares.
    package func registry(for file: RequestFile) -> DecoderRegistry {
        var result = registry
        for declaration in file.decoders {
            try? result.register(declaration.decoder, as: declaration.name, origin: .file(declaration.file))
        }
        return result
    }

    /// Runs a `for_each` request once per item, each run its own result named with its item
    /// (`create user [2: bob]`) and seeing `{{item}}`, `{{item.NAME}}` and `{{index}}`; the
    /// captures of every run flow on, the last run's winning. An empty list runs nothing and says so.
    private func runEach(
        _ request: DeclaredRequest, over iteration: Iteration, of file: RequestFile, registry: DecoderRegistry,
        networking: any Networking, scope: inout Scope, emit finish: (RequestResult) -> Void
    ) async {
        let items: [DecodedValue]
        do {
            items = try iteration.items(in: scope)
        } catch {
            var result = RequestResult(
                name: request.name, method: request.method, url: redactor.redact(request.url.description),
                location: request.location, outcome: .error)
            result.failures = [Diagnostic(redactor.redact(error.message), at: error.location ?? iteration.location)]
            finish(result)
            return
        }
        guard !items.isEmpty else {
            var result = RequestResult(
                name: request.name, method: request.method, url: redactor.redact(request.url.description),
                location: request.location, outcome: .skipped)
            result.skipReason = "for_each: the list is empty, so nothing ran"
            finish(result)
            return
        }
        let shadowed = ["item", "index"].map { ($0, scope[$0]) }
        for (index, item) in items.enumerated() {
            if control?.isStopped == true || Task.isCancelled { break }
            var runScope = scope
            for (name, value) in Iteration.variables(item: item, index: index) { runScope[name] = value }
            var single = request
            single.statisticsName = request.statisticsName ?? request.name
            single.name = request.name + " " + redactor.redact(Iteration.label(item, index: index))
            single.iteration = nil
            await runStep(single, of: file, registry: registry, networking: networking, scope: &runScope, emit: finish)
            for name in request.captures.map(\.name) + (request.flow?.file.exports ?? []) { scope[name] = runScope[name] }
        }
        for (name, value) in shadowed { scope[name] = value }
    }

    /// Runs a request, or a `use:` step's flow, and returns its results.
    private func runStep(
        _ request: DeclaredRequest, of file: RequestFile, registry: DecoderRegistry, networking: any Networking, scope: inout Scope,
        emit: (RequestResult) -> Void
    ) async {
        guard let flow = request.flow else {
            if request.repeatCount > 1 {
                emit(await runRepeated(request, of: file, registry: registry, networking: networking, scope: &scope))
            } else {
                emit(await run(request, of: file, registry: registry, networking: networking, scope: &scope))
            }
            return
        }
        await runFlow(request, flow, networking: networking, scope: &scope, emit: emit)
    }

    /// Sends a `repeat: N` request N times in a row, as one result: every run's duration, the
    /// last run's status, expectations and captures, or the first failing run's failures (which
    /// end the repeats).
    private func runRepeated(
        _ request: DeclaredRequest, of file: RequestFile, registry: DecoderRegistry, networking: any Networking, scope: inout Scope
    ) async -> RequestResult {
        var combined = await run(request, of: file, registry: registry, networking: networking, scope: &scope)
        combined.repeatedRuns = combined.status == nil ? [] : [combined.duration]
        var number = 1
        while number < request.repeatCount, combined.outcome == .passed, control?.isStopped != true, !Task.isCancelled {
            number += 1
            let next = await run(request, of: file, registry: registry, networking: networking, scope: &scope)
            if next.status != nil { combined.repeatedRuns?.append(next.duration) }
            combined.duration += next.duration
            combined.attempts += next.attempts
            combined.outcome = next.outcome
            combined.status = next.status ?? combined.status
            combined.url = next.url
            combined.expectations = next.expectations
            combined.warnings = next.warnings
            combined.captures = next.captures
            combined.failures = next.failures
            combined.skipReason = next.skipReason
        }
        if !combined.failures.isEmpty {
            combined.failures[0].notes.append("on run \(number) of \(request.repeatCount) (repeat: \(request.repeatCount))")
        }
        return combined
    }

    /// Runs a flow's requests in place, in a scope of their own: the runner's variables, the
    /// flow's defaults, then its `with:` values read in the using file's scope. Results are named
    /// `login › get token` and their failures note where the flow was used; only the flow's
    /// `exports:` come back into `scope`.
    private func runFlow(
        _ step: DeclaredRequest, _ flow: FlowUse, networking: any Networking, scope: inout Scope, emit: (RequestResult) -> Void
    ) async {
        var skipped = RequestResult(
            name: step.name, method: step.method, url: flow.written, location: step.location, outcome: .skipped)
        if let reason = unmetCondition(of: step, in: scope) {
            skipped.skipReason = reason
            emit(skipped)
            return
        }
        var flowScope = initialScope(for: flow.file)
        for (name, template) in flow.arguments {
            do {
                flowScope[name] = try template.resolve(in: scope)
            } catch {
                skipped.outcome = .error
                skipped.failures = [Diagnostic(redactor.redact(error.message), at: error.location ?? step.location)]
                emit(skipped)
                return
            }
        }
        let usedFrom = step.location.map { "used from \($0.file):\($0.line):\($0.column)" }
        let registry = registry(for: flow.file)
        func forward(_ result: RequestResult) {
            var result = result
            if var key = result.statisticsKey {
                key.name = (step.statisticsName ?? step.name) + " › " + key.name
                key.usedFrom.insert(step.location?.description ?? step.name, at: 0)
                result.statisticsKey = key
            }
            result.name = step.name + " › " + result.name
            if let usedFrom, !result.failures.isEmpty { result.failures[0].notes.append(usedFrom) }
            emit(result)
        }
        for request in flow.file.requests {
            if control?.isStopped == true || Task.isCancelled { break }
            if let iteration = request.iteration {
                await runEach(request, over: iteration, of: flow.file, registry: registry, networking: networking, scope: &flowScope, emit: forward)
            } else {
                await runStep(request, of: flow.file, registry: registry, networking: networking, scope: &flowScope, emit: forward)
            }
        }
        for name in flow.file.exports { scope[name] = flowScope[name] }
    }

    /// Why a request or step's `when:` does not hold in `scope` (redacted), or nil when it does.
    private func unmetCondition(of request: DeclaredRequest, in scope: Scope) -> String? {
        for condition in request.conditions {
            do {
                if let reason = try condition.failure(in: scope) { return redactor.redact(reason) }
            } catch {
                return redactor.redact(error.message)
            }
        }
        return nil
    }

    /// Runs one request with its log held until it is done (see `HeldLog`).
    private func run(
        _ request: DeclaredRequest, of file: RequestFile, registry: DecoderRegistry,
        networking: any Networking, scope: inout Scope
    ) async -> RequestResult {
        let held = HeldLog()
        let result = await HeldLog.$current.withValue(held) {
            await runHoldingLog(request, of: file, registry: registry, networking: networking, scope: &scope)
        }
        held.flush(redactor: redactor)
        return result
    }

    private func runHoldingLog(
        _ request: DeclaredRequest, of file: RequestFile, registry: DecoderRegistry,
        networking: any Networking, scope: inout Scope
    ) async -> RequestResult {
        let options = request.options
        var result = RequestResult(
            name: request.name, method: request.method, url: redactor.redact(request.url.description),
            location: request.location, outcome: .skipped)
        if let reason = options.skip {
            result.skipReason = reason.isEmpty ? "skip: true" : reason
            return result
        }
        if let reason = unmetCondition(of: request, in: scope) {
            result.skipReason = reason
            return result
        }
        let bodyUse = request.bodyUse
        let prepared: PreparedRequest
        do {
            prepared = try prepare(request, of: file, scope: scope, bodyUse: bodyUse)
        } catch {
            result.skipReason = redactor.redact(error.message)
            return result
        }
        result.url = redactor.redact(prepared.url)
        result.statisticsKey = StatisticsKey(location: request.location, name: request.statisticsName ?? request.name)
        result.latencyBudgets = request.latencyBudgets
        var start = ContinuousClock.now
        // The networker's one retry loop asks this check about every response, so `on: [expectations]`
        // retries through the same policy as statuses and network failures; the last check is kept.
        let checker = ResponseChecker(registry: registry, redactor: redactor)
        let lastCheck = CheckRecord()
        let checkScope = scope
        let contract = file.contract  // the closure below captures this, not the whole file
        do {
            if let delay = options.delay, delay > .zero {
                try await Task.sleep(for: delay)
                start = ContinuousClock.now
            }
            let response = try await networking.send(prepared) { response in
                let outcome = await checker.check(request, sent: prepared, response: response, scope: checkScope, contract: contract, bodyUse: bodyUse)
                lastCheck.keep(outcome)
                return outcome.failures.isEmpty
            }
            var check = lastCheck.outcome
            if check == nil {
                check = await checker.check(request, sent: prepared, response: response, scope: checkScope, contract: contract, bodyUse: bodyUse)
            }
            let outcome = check ?? ResponseChecker.Outcome()
            result.attempts = max(1, response.attempts.count)
            result.status = response.status
            result.expectations = outcome.expectations
            result.failures = outcome.failures
            result.warnings = outcome.warnings
            if !result.failures.isEmpty, response.attempts.count > 1 {
                result.failures[0].notes.append(AttemptText.note(response.attempts))
            }
            result.outcome = outcome.failures.isEmpty ? .passed : .failed
            for (capture, value) in outcome.captures {
                scope[capture.name] = value
                result.captures.append((capture.name, redactor.redact(value)))
            }
        } catch where error is CancellationError || Task.isCancelled {
            result.outcome = .skipped
            result.skipReason = "interrupted"
        } catch {
            let network = error as? NetworkError
            let message = network?.message ?? (error as? Diagnostic)?.message ?? String(describing: error)
            let location = (error as? Diagnostic)?.location ?? (network?.kind == .invalidURL ? request.url.location : nil) ?? request.location
            result.outcome = .error
            result.attempts = max(1, network?.attempts.count ?? 1)
            var failure = Diagnostic(redactor.redact(message), at: location)
            if let attempts = network?.attempts, attempts.count > 1 { failure.notes.append(redactor.redact(AttemptText.note(attempts))) }
            result.failures = [failure]
        }
        result.duration = ContinuousClock.now - start
        return result
    }

    /// Resolves a declared request's templates and joins its URL to the file's base URL.
    /// `bodyUse` is the request's, when the caller has worked it out already.
    package func prepare(
        _ request: DeclaredRequest, of file: RequestFile, scope: Scope, bodyUse: BodyUse? = nil
    ) throws(Diagnostic) -> PreparedRequest {
        let resolved = try request.resolved(in: scope)
        var baseURL: String?
        if let template = file.baseURL {
            baseURL = try template.render(in: scope)
        } else if case let .string(mockURL)? = scope["mock_url"] {
            baseURL = mockURL
        }
        var prepared = PreparedRequest(resolved, baseURL: baseURL, scope: scope)
        prepared.baseURL = baseURL
        prepared.keepsBody = keepsAllBodies || (bodyUse ?? request.bodyUse).readsBody || file.contract != nil
        guard URLBuilder.isAbsolute(prepared.url) else {
            throw Diagnostic(
                "the URL '\(prepared.url)' is not absolute: give the file a 'base_url' or use a full URL",
                at: request.url.location ?? request.location)
        }
        return prepared
    }
}
