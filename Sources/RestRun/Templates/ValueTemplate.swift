package import OrderedCollections

/// A YAML value whose strings may hold templates: a `json:` body, an expected value, a variable.
package enum ValueTemplate: Sendable {
    /// A value with no templates in it (held inline: most values are, and a box each would be an
    /// allocation per scalar of every body and expectation).
    case value(DecodedValue)
    /// A string with placeholders; exactly `{{name}}` keeps the variable's type.
    indirect case template(Template)
    /// A list whose items may hold templates.
    case array([ValueTemplate])
    /// A mapping whose values may hold templates.
    case object(OrderedDictionary<String, ValueTemplate>)

    /// The value with every template resolved.
    package func resolve(in scope: Scope) throws(Diagnostic) -> DecodedValue {
        switch self {
        case let .value(value): return value
        case let .template(template): return try template.value(in: scope)
        case let .array(items):
            var result: [DecodedValue] = []
            result.reserveCapacity(items.count)
            for item in items { result.append(try item.resolve(in: scope)) }
            return .array(result)
        case let .object(members):
            var result = OrderedDictionary<String, DecodedValue>()
            for (key, member) in members { result[key] = try member.resolve(in: scope) }
            return .object(result)
        }
    }

    /// Calls `visit` with every template inside, for checking variable names before a run.
    package func forEachTemplate(_ visit: (Template) -> Void) {
        switch self {
        case .value: break
        case let .template(template): visit(template)
        case let .array(items): for item in items { item.forEachTemplate(visit) }
        case let .object(members): for member in members.values { member.forEachTemplate(visit) }
        }
    }

    /// The value as written, placeholders shown as `{{name}}`, for messages and dry runs.
    package var sourceValue: DecodedValue {
        switch self {
        case let .value(value): value
        case let .template(template): .string(template.description)
        case let .array(items): .array(items.map(\.sourceValue))
        case let .object(members): .object(members.mapValues(\.sourceValue))
        }
    }
}
