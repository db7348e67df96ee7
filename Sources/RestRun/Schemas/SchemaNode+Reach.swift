extension SchemaNode {
    /// The first of `places` that this schema, or one it reaches (through its subschemas and
    /// references), was written at or around: a problem the compiler found there touches it.
    package func reached(_ places: [(document: String, pointer: String, location: SourceLocation?)]) -> Int? {
        guard !places.isEmpty else { return nil }
        var seen: Set<ObjectIdentifier> = []
        var stack: [SchemaNode] = [self]
        while let node = stack.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            let here = node.location
            if let index = places.firstIndex(where: { $0.document == here.document && ($0.pointer == here.pointer || $0.pointer.hasPrefix(here.pointer + "/")) }) {
                return index
            }
            stack += node.children
        }
        return nil
    }

    /// The schemas this one holds or refers to, one step away.
    private var children: [SchemaNode] {
        var children: [SchemaNode] = [unevaluatedProperties, unevaluatedItems].compactMap { $0 }
        for keyword in keywords {
            switch keyword {
            case let .reference(reference), let .dynamicReference(reference):
                if let target = reference.target { children.append(target) }
            case let .allOf(nodes), let .anyOf(nodes), let .oneOf(nodes): children += nodes
            case let .not(node), let .propertyNames(node): children.append(node)
            case let .conditional(condition, then, otherwise): children += [condition, then, otherwise].compactMap { $0 }
            case let .dependentSchemas(pairs): children += pairs.map(\.1)
            case let .items(prefix, rest, _): children += prefix + [rest].compactMap { $0 }
            case let .contains(node, _, _): children.append(node)
            case let .members(properties, patterns, additional):
                children += properties.entries.map(\.schema) + patterns.map(\.1) + [additional].compactMap { $0 }
            default: break
            }
        }
        return children
    }
}
