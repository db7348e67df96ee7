import OrderedCollections
import RestRun

/// Builds values a schema refuses, each by one mutation a server is expected to reject: a wrong
/// type, a number out of range, a text too short or too long or off its pattern or format, a
/// value outside an enum, an array with too few or too many items, an object without a required
/// property or with one a closed schema does not name, or any of these one level down. The caller
/// keeps a mutation only when the schema refuses what is sent.
struct ValueMutator {
    var random: SeededRandom
    var place: ValuePlace
    /// Where the properties of the value mutated travel: in the body with it, or each as a form
    /// field's text.
    var memberPlace: ValuePlace = .body
    /// The one top-level property to break, when the caller goes through them in turn.
    var focus: String?

    /// The kinds of mutation, tried in a random order.
    enum MutationKind: CaseIterable {
        case wrongType, belowMinimum, aboveMaximum, tooShort, tooLong, outsideEnum, offPattern, badFormat, notMultiple
        case missingRequired, unknownProperty, inProperty, fewItems, manyItems, inItem
    }

    /// The property `missingRequired` leaves out, when the caller names it.
    var leftOut: String?

    /// `valid` (a value `node` allows) broken by exactly `kind`, and what was changed; nil when
    /// the kind does not apply to it.
    mutating func breaking(_ valid: DecodedValue?, node: SchemaNode, kind: MutationKind) -> (value: DecodedValue, change: String)? {
        apply(kind, to: valid, shape: SchemaShape(node), depth: 1)
    }

    /// An invalid value for `node`, made from `valid` (a value it allows, when there is one), and
    /// what was changed; nil when no mutation applies.
    mutating func mutate(_ valid: DecodedValue?, node: SchemaNode, depth: Int = 0) -> (value: DecodedValue, change: String)? {
        let shape = SchemaShape(node)
        let kinds: [MutationKind] = focus != nil && depth == 0 ? [.inProperty, .missingRequired] : MutationKind.allCases
        for kind in kinds.shuffled(using: &random) {
            if let mutated = apply(kind, to: valid, shape: shape, depth: depth) { return mutated }
        }
        return nil
    }

    private mutating func apply(_ kind: MutationKind, to valid: DecodedValue?, shape: SchemaShape, depth: Int) -> (value: DecodedValue, change: String)? {
        switch kind {
        case .wrongType:
            guard let types = shape.types, !types.isEmpty else { return nil }
            var choices: [(DecodedValue, String)] = [
                (.string("fuzz"), "string"), (.integer(7), "integer"), (.bool(true), "boolean"), (.object([:]), "object"),
                (.array([]), "array"), (.number(0.5), "number"), (.null, "null"),
            ]
            choices.removeAll { types.contains($0.1) || ($0.1 == "integer" && types.contains("number")) }
            // Off the body, a value travels as text: only a text that cannot be read as an allowed type is of another type.
            if place != .body { choices = types.contains("string") ? [] : [(.string("fuzz"), "string")] }
            guard let (value, type) = choices.randomElement(using: &random) else { return nil }
            return (value, "a \(type) where the schema allows \(types.sorted().joined(separator: " or "))")
        case .belowMinimum:
            guard let minimum = shape.minimum, minimum > -1e15 else { return nil }
            let value = shape.exclusiveMinimum ? minimum : minimum - 1
            return (Self.number(value), "\(Self.text(value)), below the minimum \(Self.text(minimum))")
        case .aboveMaximum:
            guard let maximum = shape.maximum, maximum < 1e15 else { return nil }
            let value = shape.exclusiveMaximum ? maximum : maximum + 1
            return (Self.number(value), "\(Self.text(value)), above the maximum \(Self.text(maximum))")
        case .notMultiple:
            guard let divisor = shape.multipleOf, divisor >= 2, divisor == divisor.rounded(), divisor < 1e12 else { return nil }
            return (.integer(Int(divisor) + 1), "\(Int(divisor) + 1), not a multiple of \(Self.text(divisor))")
        case .tooShort:
            guard shape.minLength > (place == .path ? 1 : 0), shape.minLength <= ValueGenerator.longestText,
                  shape.candidateTypes.contains("string") else { return nil }
            let count = shape.minLength - 1
            return (.string(String(repeating: "a", count: count)), "a text of \(count) characters, under minLength \(shape.minLength)")
        case .tooLong:
            guard let maxLength = shape.maxLength, maxLength < ValueGenerator.longestText, shape.candidateTypes.contains("string") else { return nil }
            return (.string(String(repeating: "a", count: maxLength + 1)), "a text of \(maxLength + 1) characters, over maxLength \(maxLength)")
        case .outsideEnum:
            guard let values = shape.enumeration, !values.isEmpty else { return nil }
            let value: DecodedValue = values.contains { if case .string = $0 { true } else { false } } || place != .body
                ? .string("fuzz-not-listed") : .integer(987_654_321)
            return values.contains(value) ? nil : (value, "\(value.jsonText), not one of the enum's values")
        case .offPattern:
            guard let pattern = shape.patterns.first else { return nil }
            for candidate in ["!", "~~", " ", "0", "a", "zz-9", "\u{E9}"] where !pattern.matches(candidate) {
                return (.string(candidate), "\"\(candidate)\", off the pattern \(pattern.source)")
            }
            return nil
        case .badFormat:
            guard let format = shape.format, ["uuid", "date-time", "date", "time", "email", "ipv4", "ipv6", "uri", "hostname"].contains(format)
            else { return nil }
            return (.string("not-a-\(format)"), "\"not-a-\(format)\", not a \(format)")
        case .missingRequired:
            guard case let .object(members)? = valid else { return nil }
            let present = shape.required.filter { members[$0] != nil && (depth > 0 || focus == nil || $0 == focus) && (leftOut == nil || $0 == leftOut) }
            guard let name = present.randomElement(using: &random) else { return nil }
            var without = members
            without.removeValue(forKey: name)
            return (.object(without), "without the required property '\(name)'")
        case .unknownProperty:
            guard shape.closed, case let .object(members)? = valid else { return nil }
            var with = members
            let name = "fuzz_unknown"
            guard with[name] == nil, !shape.properties.contains(where: { $0.name == name }) else { return nil }
            with[name] = .integer(1)
            return (.object(with), "with the property '\(name)', which the schema does not allow")
        case .inProperty:
            guard depth < 4, case let .object(members)? = valid, !shape.properties.isEmpty else { return nil }
            let present = shape.properties.filter { members[$0.name] != nil && (depth > 0 || focus == nil || $0.name == focus) }
            guard let (name, schema) = present.randomElement(using: &random),
                  let (value, change) = nested(members[name], node: schema, depth: depth, place: memberPlace) else { return nil }
            var changed = members
            changed[name] = value
            return (.object(changed), "'\(name)': \(change)")
        case .fewItems:
            guard shape.minItems > 0, case let .array(items)? = valid else { return nil }
            return (.array(Array(items.prefix(shape.minItems - 1))), "\(shape.minItems - 1) items, under minItems \(shape.minItems)")
        case .manyItems:
            guard let maxItems = shape.maxItems, maxItems < ValueGenerator.mostItems, case let .array(items)? = valid, !items.isEmpty else { return nil }
            guard !shape.uniqueItems else { return nil }
            // The smallest item, repeated: copies of a large one would make a body of megabytes.
            let sizes = items.map { $0.jsonText.utf8.count }
            guard let smallest = sizes.indices.min(by: { sizes[$0] < sizes[$1] }), sizes[smallest] * (maxItems + 1) <= 1_000_000 else { return nil }
            let extra = Array(repeating: items[smallest], count: max(0, maxItems + 1 - items.count))
            return (.array(items + extra), "\(items.count + extra.count) items, over maxItems \(maxItems)")
        case .inItem:
            guard depth < 4, case let .array(items)? = valid, !items.isEmpty, let schema = shape.items else { return nil }
            let index = Int.random(in: 0..<items.count, using: &random)
            guard let (value, change) = nested(items[index], node: schema, depth: depth) else { return nil }
            var changed = items
            changed[index] = value
            return (.array(changed), "item \(index): \(change)")
        }
    }

    /// A mutation of a value inside the one being mutated (in a body, unless a form field).
    private mutating func nested(_ value: DecodedValue?, node: SchemaNode, depth: Int, place: ValuePlace = .body) -> (value: DecodedValue, change: String)? {
        var inner = ValueMutator(random: random, place: place)
        let mutated = inner.mutate(value, node: node, depth: depth + 1)
        random = inner.random
        return mutated
    }

    private static func number(_ value: Double) -> DecodedValue {
        value == value.rounded() && abs(value) < 9e15 ? .integer(Int(value)) : .number(value)
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 9e15 ? String(Int(value)) : String(value)
    }
}
