import RestRunYAML

/// The settings a request file or an included file gives: base URL, variables, headers (with
/// `auth:`), options. Included settings come first; the including file's own win.
struct FileSettings {
    var baseURL: Template?
    var variables: [(name: String, value: ValueTemplate)] = []
    var headers: [HeaderTemplate] = []
    var options = RequestOptions()

    /// Reads one settings key of a file.
    mutating func read(_ key: String, _ node: Node, keyNode: Node, context: LoadContext) {
        switch key {
        case "base_url": baseURL = context.template(node, "'base_url'")
        case "variables": variables = Self.variables(node, context: context)
        case "headers": headers += loadHeaders(node, "'headers'", context: context)
        case "auth":
            if let auth = loadAuth(node, context: context) {
                headers.append(HeaderTemplate(auth: auth, location: context.location(keyNode)))
            }
        case "options": options = OptionsLoader(context: context).load(node, "'options'")
        default: break
        }
    }

    /// These settings over `base`: a variable or header given here replaces the same name there.
    func merged(over base: FileSettings) -> FileSettings {
        var result = base
        if let baseURL { result.baseURL = baseURL }
        let ownVariables = Set(variables.map(\.name))
        result.variables = base.variables.filter { !ownVariables.contains($0.name) } + variables
        let ownHeaders = Set(headers.map { $0.name.lowercased() })
        result.headers = base.headers.filter { !ownHeaders.contains($0.name.lowercased()) } + headers
        result.options = options.applying(defaults: base.options)
        return result
    }

    private static func variables(_ node: Node, context: LoadContext) -> [(name: String, value: ValueTemplate)] {
        guard let entries = context.entries(node, "'variables'") else { return [] }
        return entries.compactMap { key, value, keyNode in
            guard TemplateParser.isVariableName(key) else {
                context.error("'\(key)' is not a variable name: use letters, digits, '_', '-' and '.'", at: keyNode)
                return nil
            }
            return (key, context.valueTemplate(value))
        }
    }
}
