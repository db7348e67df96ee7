import ArgumentParser
import RestRun
import RestRunYAML
import Synchronization

/// `--var`, `--vars-file` and `--secret`: variables that override a file's defaults.
extension InputOptions {
    static func split(_ assignment: String) throws -> (String, String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw ValidationError("'\(assignment)' is not NAME=VALUE")
        }
        let name = String(assignment[..<equals])
        guard TemplateParser.isVariableName(name) else {
            throw ValidationError("'\(name)' is not a variable name: use letters, digits, '_', '-' and '.'")
        }
        return (name, String(assignment[assignment.index(after: equals)...]))
    }

    /// A `--var` value typed like a YAML scalar, as Hurl types its variables: `3` is a number,
    /// `true` a boolean, `null` null, `"3"` (quoted) and anything else a string.
    static func typed(_ value: String) -> DecodedValue {
        guard let node = try? YAMLParser.parse(value), node.pairs == nil, node.items == nil else { return .string(value) }
        if value.isEmpty { return .string("") }
        return DecodedValue(node: node)
    }

    /// The environment `${NAME}` reads: the process's, with the run's variables (`--vars-file`,
    /// `--var`, `--secret`) over it, so `--secret API_TOKEN=...` also fills `${API_TOKEN}`.
    func environment(over process: [String: String], variables: [String: DecodedValue]) -> [String: String] {
        var result = process
        for (name, value) in variables where TemplateParser.isEnvironmentName(name) {
            result[name] = value.interpolationText
        }
        return result
    }

    /// A warning for each `--var` or `--secret` that no loaded file refers to.
    func warnAboutUnused(referenced: Set<String>, to sink: any TextSink, colors: Bool) {
        let given = variables.map { ("--var", $0) } + secrets.map { ("--secret", $0) }
        let fromConfig = ConfigSettings.variablesSet.withLock { $0 }
        for (flag, assignment) in given {
            guard let (name, _) = try? Self.split(assignment), !referenced.contains(name), !fromConfig.contains(name) else { continue }
            var message = "\(flag) '\(name)' is not used by any loaded file"
            if let suggestion = Suggestion.closest(to: name, in: Array(referenced)) { message += " (did you mean '\(suggestion)'?)" }
            sink.write(Diagnostic(message, severity: .warning).rendered(colors: colors) + "\n")
        }
    }

    /// The variables, files first, then `--var`, then `--secret`; secrets are given to `redactor`.
    func values(redactor: Redactor) throws(DiagnosticList) -> [String: DecodedValue] {
        var result: [String: DecodedValue] = [:]
        for path in variableFiles {
            let document = try YAMLDocument.load(path: path)
            let source = document.source
            let node = document.root
            guard let pairs = node.pairs else {
                var notes: [String] = []
                // `NAME=value` lines read as one plain string: a .env file.
                if let text = node.scalarText, let equals = text.firstIndex(of: "="), TemplateParser.isVariableName(String(text[..<equals])) {
                    let name = String(text[..<equals]), value = text[text.index(after: equals)...].prefix { $0 != " " }
                    notes.append("this looks like a .env file; --vars-file takes YAML: write '\(name): \(value)' instead of '\(name)=\(value)'")
                    notes.append("or export the variables and read them as ${\(name)}")
                }
                throw DiagnosticList([Diagnostic(
                    "a variables file must be a mapping of names to values, found \(node.kindDescription)", at: source.location(node.mark), notes: notes)])
            }
            for pair in pairs {
                guard let name = pair.key.scalarText, TemplateParser.isVariableName(name) else {
                    throw DiagnosticList([Diagnostic("'\(pair.key)' is not a variable name", at: source.location(pair.key.mark))])
                }
                result[name] = DecodedValue(node: pair.value)
            }
        }
        for assignment in variables {
            if let (name, value) = try? Self.split(assignment) { result[name] = Self.typed(value) }
        }
        for assignment in secrets {
            if let (name, value) = try? Self.split(assignment) {
                result[name] = .string(value)
                redactor.add(value)
            }
        }
        return result
    }
}
