import RestRunYAML

/// Reads the body keys of a request: `json`, `text`, `form`, `multipart`, `file`, `base64`.
struct BodyLoader {
    let context: LoadContext

    /// A multipart part's keys.
    static let partKeys = ["name", "value", "file", "content_type", "filename"]

    func load(_ key: String, _ node: Node) -> BodyTemplate? {
        switch key {
        case "json":
            return .json(context.valueTemplate(node))
        case "text":
            return context.template(node, "'text'").map(BodyTemplate.text)
        case "form":
            guard node.items != nil || node.pairs != nil || node.isNull else {
                context.error("'form' must be a mapping, or a list of one-key mappings to repeat a name, found \(node.kindDescription)", at: node)
                return nil
            }
            return .form(NamedItemsLoader(context: context, key: "'form'", itemName: "form field").load(node))
        case "multipart":
            guard let items = node.items else {
                context.error("'multipart' must be a list of parts such as '- {name: title, value: Hello}', found \(node.kindDescription)", at: node)
                return nil
            }
            return .multipart(items.compactMap(part))
        case "file":
            guard let path = context.string(node, "'file'") else { return nil }
            return existingFile(path, node: node).map { .file(path: $0, location: context.location(node)) }
        case "base64":
            guard let text = context.string(node, "'base64'") else { return nil }
            guard let bytes = Base64.decode(text) else {
                context.error("'base64' is not valid Base64 text", at: node)
                return nil
            }
            return .base64(bytes)
        default:
            return nil
        }
    }

    private func part(_ node: Node) -> MultipartPart? {
        guard let entries = context.mapping(node, "a multipart part", allowed: Self.partKeys) else {
            return nil
        }
        let fields = Dictionary(entries.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
        guard let nameNode = fields["name"], let name = context.string(nameNode, "'name'") else {
            context.error("a multipart part needs a 'name'", at: node)
            return nil
        }
        var part = MultipartPart(name: name, location: context.location(node))
        switch (fields["value"], fields["file"]) {
        case let (value?, nil):
            part.value = context.template(value, "'value'")
        case let (nil, file?):
            guard let path = context.string(file, "'file'") else { return nil }
            part.file = existingFile(path, node: file)
            if part.file == nil { return nil }
        case (.some, .some):
            context.error("a multipart part has either 'value' or 'file', not both", at: node)
            return nil
        case (nil, nil):
            context.error("multipart part '\(name)' needs a 'value' or a 'file'", at: node)
            return nil
        }
        if let contentType = fields["content_type"] { part.contentType = context.string(contentType, "'content_type'") }
        if let filename = fields["filename"] { part.filename = context.string(filename, "'filename'") }
        return part
    }

    /// The path relative to the request file, when the file exists; otherwise an error at `node`.
    private func existingFile(_ path: String, node: Node) -> String? {
        let resolved = FileSystem.path(path, relativeTo: context.source.path)
        guard FileSystem.exists(resolved) else {
            context.error("no file '\(path)' (looked for \(resolved), relative to the request file)", at: node)
            return nil
        }
        if let problem = FileSystem.readableFileProblem(resolved, limit: FileSystem.bodySizeLimit) {
            context.error("cannot send '\(path)': \(problem)", at: node)
            return nil
        }
        return resolved
    }
}
