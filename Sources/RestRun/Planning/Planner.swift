/// Builds an `ExecutionPlan` from loaded files: the run's `--tag` / `--name` selection, each
/// file's decoders, and for every step its wrappers and what its checks read.
struct Planner {
    /// The decoders every file can name.
    var registry: DecoderRegistry
    /// Which requests run.
    var filter: RequestFilter
    /// Whether every response body is kept (`--very-verbose` shows them).
    var keepsAllBodies: Bool

    /// The plan of `files`; a file whose decoders cannot be registered goes to `invalid`.
    func plan(_ files: [RequestFile], invalid: [FileResult], passes: Int, warmups: Int) -> ExecutionPlan {
        var plan = ExecutionPlan(files: [], invalid: invalid, passes: max(1, passes), warmups: warmups, clientSettings: ClientSettings())
        for file in files {
            do throws(DiagnosticList) {
                plan.files.append(try self.file(file, filtered: true))
            } catch {
                plan.invalid.append(FileResult(invalidFile: file.path, problems: error.diagnostics))
            }
        }
        plan.clientSettings = Self.clientSettings(for: plan.files)
        return plan
    }

    /// A file's steps; only a file the run names is filtered (a flow runs all its requests).
    func file(_ file: RequestFile, filtered: Bool) throws(DiagnosticList) -> PlannedFile {
        let registry = try registry.adding(file.decoders)
        var steps: [PlanStep] = []
        // Captures of requests the filter left out, to name them when a selected request needs one.
        var unselectedCaptures: [(name: String, capturedBy: String)] = []
        for declared in file.steps {
            let request = declared.request
            guard !filtered || filter.selects(request) else {
                for capture in request.captures where !unselectedCaptures.contains(where: { $0.name == capture.name }) {
                    unselectedCaptures.append((capture.name, request.name))
                }
                continue
            }
            var step = try self.step(declared, of: file)
            if !unselectedCaptures.isEmpty {
                // In the order the request reads them, so the first one missing is named.
                var needed: [(name: String, capturedBy: String)] = []
                declared.forEachTemplate { template in
                    for part in template.parts {
                        guard case let .variable(name, _) = part, !needed.contains(where: { $0.name == name }),
                              let source = unselectedCaptures.first(where: { $0.name == name }) else { continue }
                        needed.append(source)
                    }
                }
                if !needed.isEmpty { step = .needsCaptures(needed, step) }
            }
            steps.append(step)
        }
        return PlannedFile(file: file, registry: registry, steps: steps)
    }

    /// A request or `use:` step with its wrappers, outermost first: `for_each`, `repeat`, `when`.
    /// A request skipped with `skip:` is skipped before anything else is looked at.
    private func step(_ declared: DeclaredStep, of file: RequestFile) throws(DiagnosticList) -> PlanStep {
        let request = declared.request
        var step: PlanStep
        if let flow = declared.flow {
            step = .flow(PlannedFlow(step: request, use: flow, file: try self.file(flow.file, filtered: false)))
            if !declared.conditions.isEmpty { step = .when(declared.conditions, step) }
        } else {
            let bodyUse = request.bodyUse
            step = .exchange(PlannedExchange(
                request: request, bodyUse: bodyUse, keepsBody: keepsAllBodies || bodyUse.readsBody || file.contract != nil,
                statisticsKey: StatisticsKey(location: request.location, name: request.name)))
            if request.options.skip == nil {
                // Conditions are checked before each run, as a capture of an earlier run may change them.
                if !declared.conditions.isEmpty { step = .when(declared.conditions, step) }
                if declared.repeatCount > 1 { step = .repeated(declared.repeatCount, step) }
            }
        }
        if let iteration = declared.iteration { step = .forEach(iteration, step) }
        return step
    }

    /// The clients' settings: every connect timeout the run's requests use, flows' included (a
    /// request's own timeout is its deadline, so the client needs none), and whether any asks
    /// for HTTP/1.1 only.
    static func clientSettings(for files: [PlannedFile]) -> ClientSettings {
        var settings = ClientSettings()
        func visit(_ step: PlanStep) {
            switch step {
            case let .exchange(planned):
                if let connectTimeout = planned.request.options.transport.connectTimeout, connectTimeout != settings.connectTimeout {
                    settings.otherConnectTimeouts.insert(connectTimeout)
                }
                if planned.request.options.transport.isHTTP1Only { settings.http1Only = true }
            case let .flow(flow): flow.file.steps.forEach(visit)
            case let .when(_, inner), let .forEach(_, inner), let .repeated(_, inner), let .needsCaptures(_, inner): visit(inner)
            }
        }
        for file in files { file.steps.forEach(visit) }
        return settings
    }
}
