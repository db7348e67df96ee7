import RestRunYAML

/// Reads `query:` and `form:`: a mapping (a list value repeats the name), or a list of one-key
/// mappings, so that a name can repeat in the order written.
struct NamedItemsLoader {
    let context: LoadContext
    /// The key being read, quoted for messages: `'query'` or `'form'`.
    let key: String
    /// What one item is called in messages: `query item` or `form field`.
    let itemName: String

    func load(_ node: Node) -> [QueryItemTemplate] {
        var result: [QueryItemTemplate] = []
        func item(_ name: String, _ value: Node) {
            if let items = value.items {
                for element in items {
                    if let template = context.template(element, "the value of \(itemName) '\(name)'") {
                        result.append(QueryItemTemplate(name: name, value: template))
                    }
                }
            } else if let template = context.template(value, "the value of \(itemName) '\(name)'") {
                result.append(QueryItemTemplate(name: name, value: template))
            }
        }
        if let items = node.items {
            for element in items {
                guard let pairs = element.pairs, pairs.count == 1, let name = pairs[0].key.scalarText else {
                    context.error("each item of a \(key) list must be a mapping with one key, such as '- tag: a'", at: element)
                    continue
                }
                item(name, pairs[0].value)
            }
        } else {
            context.forEachEntry(node, key) { name, value, _ in item(name, value) }
        }
        return result
    }
}
