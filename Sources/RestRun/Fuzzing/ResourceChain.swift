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
            let parts = pointer.split(separator: "/").map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
            guard parts.count >= 3, parts[0] == "paths" else { return nil }
            return operations.firstIndex { $0.path == parts[1] && $0.method == parts[2].uppercased() }
        }
        return operations.firstIndex { $0.operationID == target }
    }
}

/// Where a linked parameter's value comes from.
enum LinkSource: Sendable {
    /// A runtime expression: `$response.body#/id`, `$response.header.Location`, `$request.path.id`.
    case expression(String)
    /// A value written in the link.
    case constant(DecodedValue)
    /// Inferred: the first of these fields of the response body (or of its `data`).
    case field([String])

    init(_ value: DecodedValue) {
        if case let .string(text) = value, text.hasPrefix("$") { self = .expression(text) } else { self = .constant(value) }
    }

    /// The value, from the producer's case and its response's body and headers.
    func value(request: FuzzCase, body: DecodedValue?, headers: Headers) -> DecodedValue? {
        switch self {
        case let .constant(value):
            return value
        case let .field(names):
            func member(_ value: DecodedValue?, _ name: String) -> DecodedValue? {
                if case let .object(members)? = value { members[name] } else { nil }
            }
            for container in [body, member(body, "data")] {
                for name in names { if let value = member(container, name), Self.isScalar(value) { return value } }
            }
            return nil
        case let .expression(text):
            if text.hasPrefix("$response.body") {
                return Self.pointer(text.dropFirst("$response.body".count), in: body)
            }
            if text.hasPrefix("$response.header.") { return headers[String(text.dropFirst("$response.header.".count))].map(DecodedValue.string) }
            if text.hasPrefix("$request.body"), case let .json(sent, _)? = request.body {
                return Self.pointer(text.dropFirst("$request.body".count), in: sent)
            }
            for location in ["path", "query", "header"] where text.hasPrefix("$request.\(location).") {
                let name = String(text.dropFirst("$request.\(location).".count))
                return request.parameters.first { $0.location == location && $0.name == name }?.value
            }
            return nil
        }
    }

    /// The JSONPath a saved file captures the value with, when it comes from the response body.
    var capturePath: String? {
        switch self {
        case let .expression(text) where text.hasPrefix("$response.body"):
            let pointer = text.dropFirst("$response.body".count).drop { $0 == "#" }
            let parts = pointer.split(separator: "/", omittingEmptySubsequences: true)
                .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
            return "$" + parts.map { Int($0) != nil ? "[\($0)]" : "[\(YAMLText.singleQuotedJSONPath($0))]" }.joined()
        case .field:
            return nil
        default:
            return nil
        }
    }

    private static func isScalar(_ value: DecodedValue) -> Bool {
        switch value {
        case .string, .integer, .number: true
        default: false
        }
    }

    private static func pointer(_ fragment: Substring, in value: DecodedValue?) -> DecodedValue? {
        guard var current = value else { return nil }
        let pointer = fragment.drop { $0 == "#" }
        for part in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case let .object(members):
                guard let next = members[key] else { return nil }
                current = next
            case let .array(items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
