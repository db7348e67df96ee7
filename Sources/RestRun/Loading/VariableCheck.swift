/// Checks, before anything is sent, that every `{{name}}` will have a value when its request runs:
/// a file variable, a predefined variable, or a capture of an earlier request.
struct VariableCheck {
    let predefined: Set<String>

    func check(_ file: RequestFile?, context: LoadContext) {
        guard let file else { return }
        var state = CheckState(known: predefined, file: file, context: context)
        state.known.formUnion(file.parameters)
        for variable in file.variables {
            variable.value.forEachTemplate { state.verify($0) }
            state.known.insert(variable.name)
        }
        let baseURL = file.baseURL
        let fileHeaders = file.headers
        for step in file.steps {
            let request = step.request
            if let baseURL, !URLBuilder.isAbsolute(request.url.literalText ?? "") { state.verify(baseURL) }
            let removed: Set<String> = request.headers.contains(where: \.removes)
                ? Set(request.headers.filter(\.removes).map { $0.name.lowercased() }) : []
            for header in fileHeaders where removed.isEmpty || !removed.contains(header.name.lowercased()) {
                header.forEachTemplate { state.verify($0) }
            }
            state.iterating = step.iteration != nil
            // A request of a kind that runs steps may read, in a later step, what an earlier one captures.
            if request.capturesAsItRuns { for capture in request.captures { state.known.insert(capture.name) } }
            step.forEachTemplate { state.verify($0) }
            for condition in step.conditions { state.verifyName(condition.name, at: condition.location) }
            for capture in request.captures { state.known.insert(capture.name) }
            for name in step.flow?.file.exports ?? [] { state.known.insert(name) }
        }
    }

    /// What the check knows part way through a file. The visitors call into it by reference, so
    /// nothing (the file least of all) is copied per template.
    private struct CheckState {
        var known: Set<String>
        var reported: Set<String> = []
        /// Whether the request being checked runs `for_each`.
        var iterating = false
        let file: RequestFile
        let context: LoadContext
        /// Which request first captures each name, made the first time an unknown name needs it.
        private var laterCaptures: [String: (name: String, location: SourceLocation?)]?
        /// Every name a suggestion may offer, made the first time one is needed; a name is offered
        /// only once it is known or captured later, as when the check reaches it.
        private var suggestable: Suggestion.Candidates?

        init(known: Set<String>, file: RequestFile, context: LoadContext) {
            self.known = known
            self.file = file
            self.context = context
        }

        mutating func verify(_ template: Template) {
            for part in template.parts {
                if case let .variable(name, location) = part { verifyName(name, at: location) }
            }
        }

        mutating func verifyName(_ name: String, at location: SourceLocation?) {
            guard !known.contains(name) else { return }
            // `for_each` gives its request `item`, `item.NAME` and `index`.
            if iterating, name == "item" || name == "index" || name.hasPrefix("item.") { return }
            let key = "\(location.map(\.description) ?? ""):\(name)"
            guard !reported.contains(key) else { return }
            reported.insert(key)
            // Only an unknown name needs this (to say which later request captures it).
            let laterCaptures = self.laterCaptures ?? Dictionary(
                file.requests.flatMap { request in request.captures.map { ($0.name, (name: request.name, location: request.location)) } },
                uniquingKeysWith: { first, _ in first })
            self.laterCaptures = laterCaptures
            if let request = laterCaptures[name] {
                let line = request.location.map { " at line \($0.line)" } ?? ""
                context.append([Diagnostic(
                    "variable '\(name)' is captured only later, by request '\(request.name)'\(line)", at: location)])
            } else {
                var message = "unknown variable '\(name)'"
                if suggestable == nil {
                    suggestable = Suggestion.Candidates(
                        known.union(file.variables.map(\.name)).union(laterCaptures.keys)
                            .union(file.steps.flatMap { $0.flow?.file.exports ?? [] }).sorted())
                }
                let known = known
                if let suggestion = suggestable?.closest(to: name, where: { known.contains($0) || laterCaptures[$0] != nil }) {
                    message += " (did you mean '\(suggestion)'?)"
                }
                var notes: [String] = []
                if name == "mock_url" { notes.append("'mock_url' is set when rest-run runs with --mock ROUTES") }
                notes.append("define it under 'variables:', pass --var \(name)=VALUE, or capture it in an earlier request")
                context.append([Diagnostic(message, at: location, notes: notes)])
            }
        }
    }
}
