import OrderedCollections
/// A request's `for_each:`: the list it runs over, one run per item, with the item as `{{item}}`
/// (an object's fields as `{{item.NAME}}`) and its position as `{{index}}`.
package struct Iteration: Sendable {
    /// Where the list comes from.
    package enum ItemSource: Sendable {
        /// A list written in the file; its items may hold templates.
        case items([ValueTemplate])
        /// A template that must give a list when the request runs (`"{{article_ids}}"`).
        case value(ValueTemplate)
        /// The rows of a data file, read when the file loads.
        case data([DecodedValue], file: String)
    }

    /// The list's source.
    package var source: ItemSource
    /// Where `for_each:` was written.
    package var location: SourceLocation?

    /// Creates an iteration.
    package init(source: ItemSource, location: SourceLocation?) {
        self.source = source
        self.location = location
    }

    /// The list in `scope`; the error is the reason the request cannot run.
    package func items(in scope: Scope) throws(Diagnostic) -> [DecodedValue] {
        switch source {
        case let .items(templates):
            var items: [DecodedValue] = []
            for template in templates { items.append(try template.resolve(in: scope)) }
            return items
        case let .value(template):
            let value = try template.resolve(in: scope)
            guard case let .array(items) = value else {
                throw Diagnostic("for_each needs a list, found \(value.phrase)", at: location)
            }
            return items
        case let .data(rows, _):
            return rows
        }
    }

    /// The variables one run sees: `item`, `index`, and `item.NAME` for each field of an object
    /// item (nested objects too, as `item.a.b`).
    package static func variables(item: DecodedValue, index: Int) -> [(String, DecodedValue)] {
        var result: [(String, DecodedValue)] = [("item", item), ("index", .integer(index))]
        func fields(_ value: DecodedValue, prefix: String, depth: Int) {
            guard depth < 8, case let .object(members) = value else { return }
            for (key, member) in members {
                result.append((prefix + "." + key, member))
                fields(member, prefix: prefix + "." + key, depth: depth + 1)
            }
        }
        fields(item, prefix: "item", depth: 0)
        return result
    }

    /// How an item names its run: `[2: bob]` (an object's `name`, `id` or first scalar field; a
    /// scalar's own text), cut when long.
    package static func label(_ item: DecodedValue, index: Int) -> String {
        var text: String
        switch item {
        case let .object(members):
            let scalar = members["name"] ?? members["id"] ?? members.values.first { value in
                switch value {
                case .string, .integer, .number, .bool: true
                default: false
                }
            }
            text = scalar?.interpolationText ?? ""
        case .array: text = ""
        default: text = item.interpolationText
        }
        if text.count > 30 { text = String(text.prefix(30)) + "…" }
        return text.isEmpty ? "[\(index)]" : "[\(index): \(text)]"
    }
}
