import OrderedCollections
import RestRun

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

    /// The JSONPath a saved file captures the value with from `body` (the producer's response),
    /// when it comes from the response body.
    func capture(in body: DecodedValue?) -> String? {
        guard case let .field(names) = self else { return capturePath }
        func member(_ value: DecodedValue?, _ name: String) -> DecodedValue? {
            if case let .object(members)? = value { members[name] } else { nil }
        }
        for (path, container) in [("$", body), ("$['data']", member(body, "data"))] {
            if let name = names.first(where: { member(container, $0) != nil }) {
                return path + "[\(YAMLText.singleQuotedJSONPath(name))]"
            }
        }
        return nil
    }

    /// The JSONPath a saved file captures the value with, when it comes from the response body.
    var capturePath: String? {
        switch self {
        case let .expression(text) where text.hasPrefix("$response.body"):
            let pointer = text.dropFirst("$response.body".count).drop { $0 == "#" }
            let parts = pointer.split(separator: "/", omittingEmptySubsequences: true)
                .map { $0.replacingLiterally("~1", with: "/").replacingLiterally("~0", with: "~") }
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
            let key = part.replacingLiterally("~1", with: "/").replacingLiterally("~0", with: "~")
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
