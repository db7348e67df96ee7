import RestRun

/// A way to create a resource and the operations on it, which stateful sequences follow: the
/// producer (a `POST /things`), the item path (`/things/{id}`) with its reader, updaters and
/// deleter, and where each of the item path's parameters comes from. Chains come from the spec's
/// `links`, and are inferred where it has none: a `POST` on a collection feeds the `{param}` of
/// the operations one segment below it from its response's field of that name, or `id`.
struct ResourceChain: Sendable {
    var producer: Int
    var itemPath: String
    var reader: Int?
    var deleter: Int?
    var updaters: [Int] = []
    /// Each item-path parameter's source.
    var sources: [(parameter: String, source: LinkSource)]

    /// Whether the spec links the producer to the item path (else the chain is inferred).
    var isLinked: Bool { !sources.contains { if case .field = $0.source { true } else { false } } }

    /// All the chains of `spec`.
    static func chains(of spec: OpenAPISpec) -> [ResourceChain] {
        let operations = spec.operations
        var chains: [ResourceChain] = []
        func family(_ chain: inout ResourceChain) {
            for (index, operation) in operations.enumerated() where operation.path == chain.itemPath {
                switch operation.method {
                case "GET": chain.reader = chain.reader ?? index
                case "DELETE": chain.deleter = chain.deleter ?? index
                case "PUT", "PATCH": chain.updaters.append(index)
                default: break
                }
            }
        }
        for (index, operation) in operations.enumerated() {
            for (key, response) in operation.responses where key.hasPrefix("2") || key.uppercased() == "2XX" {
                for link in response.links {
                    guard let target = Self.target(link.target, in: operations),
                          !chains.contains(where: { $0.producer == index && $0.itemPath == operations[target].path })
                    else { continue }
                    var chain = ResourceChain(
                        producer: index, itemPath: operations[target].path,
                        sources: link.parameters.map { name, value in
                            (name.split(separator: ".").last.map(String.init) ?? name, LinkSource(value))
                        })
                    family(&chain)
                    chains.append(chain)
                }
            }
        }
        // Inferred: POST /things feeds /things/{param}.
        for (index, operation) in operations.enumerated() where operation.method == "POST" {
            let parent = operation.path.hasSuffix("/") ? String(operation.path.dropLast()) : operation.path
            for item in Set(operations.map(\.path)) where item.hasPrefix(parent + "/{") && item.hasSuffix("}") {
                let parameter = String(item.dropFirst(parent.count + 2).dropLast())
                guard !parameter.contains("/"), !parameter.contains("{"),
                      !chains.contains(where: { $0.producer == index && $0.itemPath == item }) else { continue }
                var chain = ResourceChain(producer: index, itemPath: item, sources: [(parameter, .field([parameter, "id"]))])
                family(&chain)
                if chain.reader != nil || chain.deleter != nil { chains.append(chain) }
            }
        }
        return chains.filter { $0.reader != nil || $0.deleter != nil || !$0.updaters.isEmpty }
    }

    /// The operation a link's target names.
    private static func target(_ target: String, in operations: [OpenAPIOperation]) -> Int? {
        if target.hasPrefix("ref:") {
            // `#/paths/~1things~1{id}/get`
            let pointer = target.dropFirst(4).drop { $0 != "/" }
            let parts = pointer.split(separator: "/").map { $0.replacingLiterally("~1", with: "/").replacingLiterally("~0", with: "~") }
            guard parts.count >= 3, parts[0] == "paths" else { return nil }
            return operations.firstIndex { $0.path == parts[1] && $0.method == parts[2].uppercased() }
        }
        return operations.firstIndex { $0.operationID == target }
    }
}
