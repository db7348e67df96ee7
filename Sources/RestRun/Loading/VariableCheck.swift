/// Checks, before anything is sent, that every `{{name}}` will have a value when its request runs:
/// a file variable, a predefined variable, or a capture of an earlier request.
struct VariableCheck {
    let predefined: Set<String>

    func check(_ file: RequestFile?, context: LoadContext) {
        guard let file else { return }
        var known = predefined
        var reported: Set<String> = []
        // Only an unknown name needs it (to say which later request captures it).
        lazy var laterCaptures = Dictionary(
            file.requests.flatMap { request in request.captures.map { ($0.name, (name: request.name, location: request.location)) } },
            uniquingKeysWith: { first, _ in first })

        func verify(_ template: Template) {
            for (name, location) in template.variables { verifyName(name, at: location) }
        }

        var iterating = false
        func verifyName(_ name: String, at location: SourceLocation?) {
            guard !known.contains(name) else { return }
            // `for_each` gives its request `item`, `item.NAME` and `index`.
            if iterating, name == "item" || name == "index" || name.hasPrefix("item.") { return }
            let key = "\(location.map(\.description) ?? ""):\(name)"
            guard !reported.contains(key) else { return }
            reported.insert(key)
            if let request = laterCaptures[name] {
                let line = request.location.map { " at line \($0.line)" } ?? ""
                context.append([Diagnostic(
                    "variable '\(name)' is captured only later, by request '\(request.name)'\(line)", at: location)])
            } else {
                var message = "unknown variable '\(name)'"
                if let suggestion = Suggestion.closest(to: name, in: known.union(laterCaptures.keys)) { message += " (did you mean '\(suggestion)'?)" }
                var notes: [String] = []
                if name == "mock_url" { notes.append("'mock_url' is set when rest-run runs with --mock ROUTES") }
                notes.append("define it under 'variables:', pass --var \(name)=VALUE, or capture it in an earlier request")
                context.append([Diagnostic(message, at: location, notes: notes)])
            }
        }

        known.formUnion(file.parameters)
        for variable in file.variables {
            variable.value.templates.forEach(verify)
            known.insert(variable.name)
        }
        for request in file.requests {
            if let baseURL = file.baseURL, !URLBuilder.isAbsolute(request.url.literalText ?? "") { verify(baseURL) }
            let removed: Set<String> = request.headers.contains(where: \.removes)
                ? Set(request.headers.filter(\.removes).map { $0.name.lowercased() }) : []
            for header in file.headers where removed.isEmpty || !removed.contains(header.name.lowercased()) {
                header.templates.forEach(verify)
            }
            iterating = request.iteration != nil
            request.templates.forEach(verify)
            for condition in request.conditions { verifyName(condition.name, at: condition.location) }
            for capture in request.captures { known.insert(capture.name) }
            for name in request.flow?.file.exports ?? [] { known.insert(name) }
        }
    }
}
