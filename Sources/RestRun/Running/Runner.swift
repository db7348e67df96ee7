/// Runs a planned file's steps in order through a `Networking`, checking each response and
/// feeding its captures to the steps after it. Every step goes through one dispatch (`run(_:…)`),
/// and every result that sends nothing is made by `result(of:…)`.
package struct Runner: Sendable {
    /// Values from `--var` and `--vars-file` (and `mock_url`); they override the file's defaults.
    package var variables: [String: DecodedValue]
    /// The base URL of files that set none: the embedded mock server's (`--mock`).
    package var mockURL: String?
    /// Hides secrets.
    package var redactor: Redactor
    /// Hears about every request as it finishes.
    package var observer: (any RunObserver)?
    /// Stops the run early; shared by all the files of a run.
    package var control: RunControl?
    /// Whether a failing request stops the run (`--fail-fast`).
    package var stopsOnFailure = false
    /// What `expect: snapshot:` does: nil compares nothing (a load test, a fuzz run).
    package var snapshots: SnapshotMode?
    /// Where the files each request file reads while it runs are noted (`--watch`).
    package var readLog: ReadLog?
    /// Whether a request's log lines are held until it is done (see `HeldLog`): only a
    /// `LoggingDelegate` writes any, so a run without one holds nothing.
    package var holdsLog = true

    /// Creates a runner.
    package init(
        variables: [String: DecodedValue] = [:], mockURL: String? = nil, redactor: Redactor = Redactor(),
        observer: (any RunObserver)? = nil
    ) {
        self.variables = variables
        self.mockURL = mockURL
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

    /// Runs every step of `file` through `networking`.
    package func run(_ file: PlannedFile, networking: any Networking) async -> FileResult {
        guard let readLog else { return await runSteps(of: file, networking: networking) }
        return await FileSystem.$readOwner.withValue(FileSystem.ReadOwner(log: readLog, owner: file.file.path)) {
            await runSteps(of: file, networking: networking)
        }
    }

    private func runSteps(of file: PlannedFile, networking: any Networking) async -> FileResult {
        observer?.runner(didStart: file.file)
        let start = ContinuousClock.now
        var scope = initialScope(for: file.file)
        var results: [RequestResult] = []
        var snapshots = self.snapshots.map { SnapshotBook(requestFile: file.file.path, mode: $0) }
        func emit(_ result: RequestResult) {
            var result = result
            snapshots?.settle(&result)
            results.append(result)
            observer?.runner(didFinish: result, in: file.file)
            if stopsOnFailure, result.outcome == .failed || result.outcome == .error { control?.stop() }
        }
        for step in file.steps {
            if isStopped { break }
            await run(step, of: file, named: nil, networking: networking, scope: &scope, emit: emit)
        }
        var result = FileResult(path: file.file.path, name: file.file.name, requests: results, duration: ContinuousClock.now - start)
        // Obsolete entries are only known when every request of the file ran.
        result.snapshots = snapshots?.finish(complete: !isStopped && file.steps.count == file.file.steps.count, results: results)
        observer?.runner(didFinish: result)
        return result
    }

    private var isStopped: Bool { control?.isStopped == true || Task.isCancelled }

    /// Runs one step, whatever its kind. `name` is how its results are named when a wrapper
    /// renamed it (a `for_each` item); nil names them as declared.
    private func run(
        _ step: PlanStep, of file: PlannedFile, named name: ResultName?, networking: any Networking, scope: inout Scope,
        emit: (RequestResult) -> Void
    ) async {
        // Named as declared unless a wrapper renamed it; a plain request's name is only read.
        switch step {
        case let .exchange(planned):
            emit(await send(planned, of: file, named: name ?? ResultName(planned.request), networking: networking, scope: &scope))
        case let .flow(flow):
            await run(flow, named: name ?? ResultName(flow.step), networking: networking, scope: &scope, emit: emit)
        case let .when(conditions, inner):
            if let reason = unmetCondition(conditions, in: scope) {
                emit(result(of: step, named: name ?? ResultName(step.declared), skipReason: reason))
            } else {
                await run(inner, of: file, named: name, networking: networking, scope: &scope, emit: emit)
            }
        case let .needsCaptures(needed, inner):
            if let missing = needed.first(where: { scope[$0.name] == nil }) {
                let reason = "needs '\(missing.name)', captured by '\(missing.capturedBy)', which is not selected (--tag / --name)"
                emit(result(of: step, named: name ?? ResultName(step.declared), skipReason: reason))
            } else {
                await run(inner, of: file, named: name, networking: networking, scope: &scope, emit: emit)
            }
        case let .forEach(iteration, inner):
            await runEach(inner, over: iteration, of: file, named: name ?? ResultName(step.declared), networking: networking, scope: &scope, emit: emit)
        case let .repeated(count, inner):
            emit(await runRepeated(inner, count: count, of: file, named: name ?? ResultName(step.declared), networking: networking, scope: &scope))
        }
    }

    /// A result for a step that sent nothing: skipped with `skipReason`, or an error with `failure`.
    private func result(of step: PlanStep, named name: ResultName, skipReason: String? = nil, failure: Diagnostic? = nil) -> RequestResult {
        let declared = step.declared
        var result = RequestResult(
            name: name.shown, method: declared.method, url: redactor.redact(step.writtenURL), location: declared.location,
            outcome: failure == nil ? .skipped : .error)
        result.skipReason = skipReason
        if let failure { result.failures = [failure] }
        return result
    }

    /// Runs a `for_each` step once per item, each run its own result named with its item
    /// (`create user [2: bob]`) and seeing `{{item}}`, `{{item.NAME}}` and `{{index}}`; the
    /// captures of every run flow on, the last run's winning. An empty list runs nothing and says so.
    private func runEach(
        _ step: PlanStep, over iteration: Iteration, of file: PlannedFile, named name: ResultName, networking: any Networking,
        scope: inout Scope, emit: (RequestResult) -> Void
    ) async {
        let items: [DecodedValue]
        do {
            items = try iteration.items(in: scope)
        } catch {
            emit(result(of: step, named: name, failure: Diagnostic(redactor.redact(error.message), at: error.location ?? iteration.location)))
            return
        }
        guard !items.isEmpty else {
            emit(result(of: step, named: name, skipReason: "for_each: the list is empty, so nothing ran"))
            return
        }
        let shadowed = ["item", "index"].map { ($0, scope[$0]) }
        let setNames = step.setNames
        for (index, item) in items.enumerated() {
            if isStopped { break }
            var runScope = scope
            for (variable, value) in Iteration.variables(item: item, index: index) { runScope[variable] = value }
            let itemName = ResultName(shown: name.shown + " " + redactor.redact(Iteration.label(item, index: index)), statistics: name.statistics)
            await run(step, of: file, named: itemName, networking: networking, scope: &runScope, emit: emit)
            for variable in setNames { scope[variable] = runScope[variable] }
        }
        for (variable, value) in shadowed { scope[variable] = value }
    }

    /// Runs a `repeat: N` step N times in a row, as one result: every run's duration, the last
    /// run's status, expectations and captures, or the first failing run's failures (which end
    /// the repeats).
    private func runRepeated(
        _ step: PlanStep, count: Int, of file: PlannedFile, named name: ResultName, networking: any Networking, scope: inout Scope
    ) async -> RequestResult {
        var runs: [RequestResult] = []
        func once() async -> RequestResult {
            runs.removeAll(keepingCapacity: true)
            await run(step, of: file, named: name, networking: networking, scope: &scope) { runs.append($0) }
            return runs.last ?? result(of: step, named: name, skipReason: "interrupted")
        }
        func numbered(_ takes: [SnapshotTake], run: Int) -> [SnapshotTake] {
            count > 1 ? takes.map { take in var take = take; take.run = run; return take } : takes
        }
        var combined = await once()
        combined.snapshotTakes = numbered(combined.snapshotTakes, run: 1)
        combined.repeatedRuns = combined.status == nil ? [] : [combined.duration]
        if let first = combined.details?.firstArrival { combined.repeatedFirstArrivals = [first] }
        var number = 1
        while number < count, combined.outcome == .passed, !isStopped {
            number += 1
            let next = await once()
            if next.status != nil { combined.repeatedRuns?.append(next.duration) }
            if let first = next.details?.firstArrival { combined.repeatedFirstArrivals = (combined.repeatedFirstArrivals ?? []) + [first] }
            combined.details = next.details
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
            combined.coverage += next.coverage
            combined.snapshotTakes += numbered(next.snapshotTakes, run: number)
        }
        if !combined.failures.isEmpty {
            combined.failures[0].notes.append("on run \(number) of \(count) (repeat: \(count))")
        }
        return combined
    }

    /// Runs a flow's steps in place, in a scope of their own: the runner's variables, the flow's
    /// defaults, then its `with:` values read in the using file's scope. Results are named
    /// `login › get token` and their failures note where the flow was used; only the flow's
    /// `exports:` come back into `scope`.
    private func run(
        _ flow: PlannedFlow, named name: ResultName, networking: any Networking, scope: inout Scope, emit: (RequestResult) -> Void
    ) async {
        var flowScope = initialScope(for: flow.file.file)
        for (variable, template) in flow.use.arguments {
            do {
                flowScope[variable] = try template.resolve(in: scope)
            } catch {
                emit(result(of: .flow(flow), named: name, failure: Diagnostic(redactor.redact(error.message), at: error.location ?? flow.step.location)))
                return
            }
        }
        let usedFrom = flow.step.location.map { "used from \($0.file):\($0.line):\($0.column)" }
        func forward(_ result: RequestResult) {
            var result = result
            if var key = result.statisticsKey {
                key.name = name.statistics + " › " + key.name
                key.usedFrom.insert(flow.step.location?.description ?? flow.step.name, at: 0)
                result.statisticsKey = key
            }
            result.name = name.shown + " › " + result.name
            if let usedFrom, !result.failures.isEmpty { result.failures[0].notes.append(usedFrom) }
            emit(result)
        }
        for step in flow.file.steps {
            if isStopped { break }
            await run(step, of: flow.file, named: nil, networking: networking, scope: &flowScope, emit: forward)
        }
        for variable in flow.use.file.exports { scope[variable] = flowScope[variable] }
    }

    /// Why `conditions` do not hold in `scope` (redacted), or nil when they do.
    private func unmetCondition(_ conditions: [WhenCondition], in scope: Scope) -> String? {
        for condition in conditions {
            do {
                if let reason = try condition.failure(in: scope) { return redactor.redact(reason) }
            } catch {
                return redactor.redact(error.message)
            }
        }
        return nil
    }

    /// Sends one request with its log held until it is done (see `HeldLog`).
    private func send(
        _ planned: PlannedExchange, of file: PlannedFile, named name: ResultName, networking: any Networking, scope: inout Scope
    ) async -> RequestResult {
        if !holdsLog || showsLogLive(planned.request) {
            return await sendHoldingLog(planned, of: file, named: name, networking: networking, scope: &scope)
        }
        let held = HeldLog()
        let result = await HeldLog.$current.withValue(held) {
            await sendHoldingLog(planned, of: file, named: name, networking: networking, scope: &scope)
        }
        held.flush(redactor: redactor)
        return result
    }

    private func sendHoldingLog(
        _ planned: PlannedExchange, of file: PlannedFile, named name: ResultName, networking: any Networking, scope: inout Scope
    ) async -> RequestResult {
        let request = planned.request
        let options = request.options
        if let reason = options.skip {
            return result(of: .exchange(planned), named: name, skipReason: reason.isEmpty ? "skip: true" : reason)
        }
        var prepared: PreparedRequest
        do {
            prepared = try prepare(request, of: file.file, scope: scope, keepsBody: planned.keepsBody)
        } catch {
            return result(of: .exchange(planned), named: name, skipReason: redactor.redact(error.message))
        }
        var result = RequestResult(
            name: name.shown, method: request.method, url: redactor.redact(prepared.url), location: request.location, outcome: .skipped)
        result.statisticsKey = planned.statisticsKey
        result.latencyBudgets = request.latencyBudgets
        var start = ContinuousClock.now
        // The networker's one retry loop asks this check about every response, so `on: [expectations]`
        // retries through the same policy as statuses and network failures; the last verdict comes back.
        let checker = ResponseChecker(registry: file.registry, redactor: redactor)
        let checkScope = scope
        let contract = file.file.contract  // the closure below captures this, not the whole file
        let bodyUse = planned.bodyUse
        do {
            // A file header that cannot be rendered fails the request, as a failed send does.
            let headers = try fileHeaders(of: file.file, for: &prepared, scope: scope)
            prepared.fileHeaders = headers
            if let delay = options.delay, delay > .zero {
                try await Task.sleep(for: delay)
                start = ContinuousClock.now
            }
            if let exchange = ownExchange(of: request, checker: checker) {
                await exchange.run(prepared, networking: networking, scope: &scope, result: &result)
                result.duration = ContinuousClock.now - start
                return result
            }
            let sent = prepared
            let check: ResponseCheck<ResponseChecker.CheckResult> = { response in
                let outcome = await checker.check(request, sent: sent, response: response, scope: checkScope, contract: contract, bodyUse: bodyUse)
                return (outcome.failures.isEmpty, outcome)
            }
            // Through the protocol, the generic send runs unspecialised and looks up its verdict's
            // types at run time for every attempt; called on the networker itself, it is specialised.
            let (response, outcome) = if let networker = networking as? Networker {
                try await networker.send(sent, check: check)
            } else {
                try await networking.send(sent, check: check)
            }
            result.attempts = max(1, response.attempts.count)
            result.status = response.status
            result.details = details(of: response)
            result.expectations = outcome.expectations
            result.failures = outcome.failures
            result.warnings = outcome.warnings
            if let hit = outcome.openAPI { result.coverage = [hit] }
            if let entry = outcome.snapshot { result.snapshotTakes = [SnapshotTake(entry: entry, ignore: request.snapshot?.ignore ?? [])] }
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
            let location = (error as? Diagnostic)?.location ?? network?.location
                ?? (network?.kind == .invalidURL ? request.url.location : nil) ?? request.location
            result.outcome = .error
            result.invalidRequest = network?.kind == .invalidRequest
            result.attempts = max(1, network?.attempts.count ?? 1)
            var failure = Diagnostic(redactor.redact(message), at: location)
            failure.notes += network?.notes.map(redactor.redact) ?? []
            if let attempts = network?.attempts, attempts.count > 1 { failure.notes.append(redactor.redact(AttemptText.note(attempts))) }
            if let network { result.details = details(of: network) }
            result.failures = [failure]
        }
        result.duration = ContinuousClock.now - start
        return result
    }

    /// Resolves a declared request's templates and joins its URL to the file's base URL (or the
    /// mock server's).
    package func prepare(
        _ request: DeclaredExchange, of file: RequestFile, scope: Scope, keepsBody: Bool = true
    ) throws(Diagnostic) -> PreparedRequest {
        let resolved = try request.resolved(in: scope)
        let baseURL = try file.baseURL?.render(in: scope) ?? mockURL
        var prepared = PreparedRequest(resolved, baseURL: baseURL)
        prepared.baseURL = baseURL
        prepared.auth = resolved.auth
        prepared.keepsBody = keepsBody
        prepared.wire = wire(of: request, scope: scope)
        guard URLBuilder.isAbsolute(prepared.url) else {
            throw Diagnostic(
                "the URL '\(prepared.url)' is not absolute: give the file a 'base_url' or use a full URL",
                at: request.url.location ?? request.location)
        }
        return prepared
    }

    /// `file`'s headers (and `auth:`) rendered for `request`: those it removes with `null` left out.
    /// A file `auth:` that acts while sending goes to `request.auth`, unless the request has its
    /// own `auth:` or `Authorization`.
    package func fileHeaders(of file: RequestFile, for request: inout PreparedRequest, scope: Scope) throws(Diagnostic) -> [(String, String)] {
        var result: [(String, String)] = []
        for header in file.headers where !request.removedHeaders.contains(header.name.lowercased()) {
            if let runtime = try header.requestAuth(in: scope) {
                if request.auth == nil, !request.headers.contains("Authorization") { request.auth = runtime }
            } else if let value = try header.render(in: scope) {
                result.append((header.name, value))
            }
        }
        return result
    }
}
