import OrderedCollections
/// An introspection result (the answer to GraphQL's introspection query) written back as SDL,
/// which the GraphQL library builds a schema from. Descriptions are left out; built-in scalars,
/// `__` types and the specification's directives are not repeated.
enum IntrospectionSDL {
    /// Why an introspection result cannot be read.
    struct IntrospectionError: Error {
        var message: String
    }

    private static let builtinScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    private static let builtinDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]

    /// The SDL of `json`: `{"data": {"__schema": ...}}` or `{"__schema": ...}`.
    static func sdl(from json: DecodedValue) throws(IntrospectionError) -> String {
        let root = json["data"] ?? json
        guard let schema = root["__schema"], case .object = schema else {
            throw IntrospectionError(message: "it holds no '__schema': an introspection result is {\"data\": {\"__schema\": ...}}")
        }
        guard case let .array(types)? = schema["types"] else { throw IntrospectionError(message: "its '__schema' has no 'types' list") }
        var blocks: [String] = []
        var roots: [String] = []
        for (key, field) in [("query", "queryType"), ("mutation", "mutationType"), ("subscription", "subscriptionType")] {
            if let name = schema[field]?["name"]?.stringValue { roots.append("  \(key): \(name)") }
        }
        guard !roots.isEmpty else { throw IntrospectionError(message: "its '__schema' has no 'queryType'") }
        blocks.append("schema {\n" + roots.joined(separator: "\n") + "\n}")
        for type in types {
            guard let name = type["name"]?.stringValue, let kind = type["kind"]?.stringValue else {
                throw IntrospectionError(message: "a type of '__schema.types' has no 'name' or 'kind'")
            }
            if name.hasPrefix("__") || (kind == "SCALAR" && builtinScalars.contains(name)) { continue }
            blocks.append(try block(type, name: name, kind: kind))
        }
        if case let .array(directives)? = schema["directives"] {
            for directive in directives {
                guard let name = directive["name"]?.stringValue, !builtinDirectives.contains(name) else { continue }
                let locations = (directive["locations"]?.arrayValue ?? []).compactMap(\.stringValue)
                guard !locations.isEmpty else { continue }
                let repeatable = directive["isRepeatable"] == .bool(true) ? " repeatable" : ""
                blocks.append("directive @\(name)\(try arguments(directive["args"]))\(repeatable) on " + locations.joined(separator: " | "))
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func block(_ type: DecodedValue, name: String, kind: String) throws(IntrospectionError) -> String {
        switch kind {
        case "SCALAR":
            return "scalar \(name)"
        case "OBJECT", "INTERFACE":
            let interfaces = (type["interfaces"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
            var lines: [String] = []
            for field in type["fields"]?.arrayValue ?? [] {
                guard let fieldName = field["name"]?.stringValue else { throw IntrospectionError(message: "a field of '\(name)' has no 'name'") }
                lines.append("  \(fieldName)\(try arguments(field["args"])): \(try reference(field["type"], in: name))")
            }
            guard !lines.isEmpty else { throw IntrospectionError(message: "the type '\(name)' has no fields") }
            return "\(kind == "OBJECT" ? "type" : "interface") \(name)\(implements) {\n" + lines.joined(separator: "\n") + "\n}"
        case "UNION":
            let members = (type["possibleTypes"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            guard !members.isEmpty else { throw IntrospectionError(message: "the union '\(name)' has no 'possibleTypes'") }
            return "union \(name) = " + members.joined(separator: " | ")
        case "ENUM":
            let values = (type["enumValues"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            guard !values.isEmpty else { throw IntrospectionError(message: "the enum '\(name)' has no 'enumValues'") }
            return "enum \(name) {\n" + values.map { "  " + $0 }.joined(separator: "\n") + "\n}"
        case "INPUT_OBJECT":
            var lines: [String] = []
            for field in type["inputFields"]?.arrayValue ?? [] {
                lines.append("  " + (try inputValue(field, in: name)))
            }
            guard !lines.isEmpty else { throw IntrospectionError(message: "the input type '\(name)' has no 'inputFields'") }
            return "input \(name) {\n" + lines.joined(separator: "\n") + "\n}"
        default:
            throw IntrospectionError(message: "the type '\(name)' has an unknown kind '\(kind)'")
        }
    }

    private static func arguments(_ list: DecodedValue?) throws(IntrospectionError) -> String {
        let items = list?.arrayValue ?? []
        guard !items.isEmpty else { return "" }
        var written: [String] = []
        for item in items { written.append(try inputValue(item, in: "an argument list")) }
        return "(" + written.joined(separator: ", ") + ")"
    }

    private static func inputValue(_ value: DecodedValue, in owner: String) throws(IntrospectionError) -> String {
        guard let name = value["name"]?.stringValue else { throw IntrospectionError(message: "an input value of \(owner) has no 'name'") }
        var text = "\(name): \(try reference(value["type"], in: owner))"
        if let defaultValue = value["defaultValue"]?.stringValue { text += " = \(defaultValue)" }
        return text
    }

    /// `{kind: NON_NULL, ofType: {kind: LIST, ofType: {kind: OBJECT, name: User}}}` is a non-null list of `User` in SDL.
    ///
    /// The recursion cannot exhaust the stack, whatever the file holds: each call goes one
    /// `ofType` deeper with `depth + 1`, and a depth of 32 throws before recursing (real schemas
    /// nest a handful of wrappers); the JSON it walks was parsed with the parser's own depth limit.
    private static func reference(_ type: DecodedValue?, in owner: String, depth: Int = 0) throws(IntrospectionError) -> String {
        guard let type, depth < 32, let kind = type["kind"]?.stringValue else {
            throw IntrospectionError(message: "a type reference in '\(owner)' has no 'kind' (or nests too deep)")
        }
        switch kind {
        case "NON_NULL": return try reference(type["ofType"], in: owner, depth: depth + 1) + "!"
        case "LIST": return "[" + (try reference(type["ofType"], in: owner, depth: depth + 1)) + "]"
        default:
            guard let name = type["name"]?.stringValue else { throw IntrospectionError(message: "a type reference in '\(owner)' has no 'name'") }
            return name
        }
    }
}

extension DecodedValue {
    /// An object's member, or nil.
    fileprivate subscript(_ key: String) -> DecodedValue? {
        if case let .object(members) = self { return members[key] }
        return nil
    }
}
