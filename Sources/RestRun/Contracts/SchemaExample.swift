import OrderedCollections

extension JSONSchema {
    /// A value that fits the schema, for a mock that has no example: the schema's own example or
    /// default where it gives one, else built from its keywords (`const`, the first `enum` value,
    /// the type with its bounds and format, every property, the least number of items).
    package func example() -> DecodedValue {
        var builder = SchemaExampleBuilder(tracksScope: usesDynamicScope)
        return builder.value(for: root, depth: 0)
    }

    /// The first of `candidates` (a media type's examples, as a spec wrote them) that is valid as a
    /// response, else a value built from the schema: published specs' examples often break their
    /// own schemas (`null` for a number, a string for a list).
    package func example(preferring candidates: [DecodedValue]) -> DecodedValue {
        candidates.first { isValid($0, direction: .response) } ?? example()
    }
}

/// Builds example values, bounded in depth so that recursive schemas end.
struct SchemaExampleBuilder {
    static let maximumDepth = 8
    /// The most characters or items an example has.
    static let largestExample = 4096
    /// Whether the schema uses `$dynamicRef`, for checking a written example against its node.
    let tracksScope: Bool

    /// Whether `value` is valid against `node`: a spec's `example:` that is not is passed over.
    private func fits(_ value: DecodedValue, _ node: SchemaNode) -> Bool {
        var evaluator = SchemaEvaluator(recordsFailures: false, assertsFormats: false, tracksScope: tracksScope)
        evaluator.direction = .response
        return evaluator.evaluate(node, value, collect: false).valid
    }

    mutating func value(for node: SchemaNode, depth: Int) -> DecodedValue {
        if let constant = node.constant { return constant ? .string("example") : .null }
        if let example = node.example, fits(example, node) { return example }
        guard depth < Self.maximumDepth else { return .null }
        var typeNames: [String] = []
        var object = OrderedDictionary<String, DecodedValue>()
        var required: [String] = []
        var minimum: Double?, maximum: Double?, exclusiveMinimum = false, multipleOf: Double?
        var minLength = 0, minItems = 0
        var format: String?
        var items: SchemaNode?
        var composed: DecodedValue?
        for keyword in node.keywords {
            switch keyword {
            case let .reference(reference), let .dynamicReference(reference):
                if let target = reference.target { composed = merge(composed, value(for: target, depth: depth + 1)) }
            case let .constant(value): return value
            case let .enumeration(values): if let first = values.first { return first }
            case let .type(names, _): typeNames = names
            case let .allOf(schemas): for schema in schemas { composed = merge(composed, value(for: schema, depth: depth + 1)) }
            case let .anyOf(schemas), let .oneOf(schemas):
                if let first = schemas.first { composed = merge(composed, value(for: first, depth: depth + 1)) }
            case let .members(properties, _, _):
                for (name, schema) in properties.entries { object[name] = value(for: schema, depth: depth + 1) }
            case let .required(names, _, _): required = names
            case let .minimum(limit, exclusive): minimum = limit; exclusiveMinimum = exclusive
            case let .maximum(limit, _): maximum = limit
            case let .multipleOf(divisor): multipleOf = divisor
            // A spec may ask for a billion characters or items: an example is never that large
            // (it then fails the schema, which the mock and the fuzzer both notice).
            case let .minLength(limit): minLength = min(limit, Self.largestExample)
            case let .minItems(limit): minItems = min(limit, Self.largestExample)
            case let .format(name, _): format = name
            case let .items(prefix, rest, _):
                items = rest ?? prefix.first
                minItems = min(max(minItems, prefix.count > 0 ? prefix.count : 0), Self.largestExample)
            default: break
            }
        }
        for name in required where object[name] == nil { object[name] = .string("example") }
        let type = typeNames.first { $0 != "null" } ?? (object.isEmpty ? (items != nil ? "array" : nil) : "object")
        var own: DecodedValue?
        switch type {
        case "object"?: own = .object(object)
        case "array"?:
            let item = items.map { value(for: $0, depth: depth + 1) } ?? .string("example")
            own = .array(Array(repeating: item, count: max(1, minItems)))
        case "string"?: own = .string(Self.string(format: format, minLength: minLength))
        case "integer"?:
            // Bounds come from a file: past Int's range they are clamped, never converted with a trap.
            var number = Self.clampedInteger(minimum ?? 1)
            if exclusiveMinimum, Double(number) <= (minimum ?? 0), number < Int.max { number += 1 }
            if let maximum, Double(number) > maximum { number = Self.clampedInteger(maximum) }
            if let multipleOf, multipleOf >= 1 { number = Self.clampedInteger((Double(number) / multipleOf).rounded(.up) * multipleOf) }
            own = .integer(number)
        case "number"?:
            var number = minimum ?? 1
            if exclusiveMinimum { number += 1 }
            if let maximum, number > maximum { number = maximum }
            own = .number(number)
        case "boolean"?: own = .bool(true)
        case "null"?: own = .null
        default: own = nil
        }
        return merge(composed, own) ?? (typeNames.contains("null") ? .null : .string("example"))
    }

    /// Objects merged key by key (`allOf`); otherwise the later value.
    private func merge(_ first: DecodedValue?, _ second: DecodedValue?) -> DecodedValue? {
        guard let first else { return second }
        guard let second else { return first }
        if case var .object(a) = first, case let .object(b) = second {
            for (key, value) in b where a[key] == nil { a[key] = value }
            return .object(a)
        }
        return second
    }

    /// `value` as an Int, clamped to Int's range (0 for NaN).
    static func clampedInteger(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= 9.223_372_036_854_775_807e18 { return Int.max }
        if value <= -9.223_372_036_854_775_808e18 { return Int.min }
        return Int(value)
    }

    static func string(format: String?, minLength: Int) -> String {
        let text: String
        switch format {
        case "date-time": text = "2024-01-01T00:00:00Z"
        case "date": text = "2024-01-01"
        case "time": text = "12:00:00Z"
        case "duration": text = "P1D"
        case "email": text = "user@example.com"
        case "uuid": text = "123e4567-e89b-12d3-a456-426614174000"
        case "uri", "url": text = "https://example.com/"
        case "uri-reference": text = "/example"
        case "hostname": text = "example.com"
        case "ipv4": text = "192.0.2.1"
        case "ipv6": text = "2001:db8::1"
        case "byte": text = "ZXhhbXBsZQ=="
        default: text = "example"
        }
        return text.count >= minLength ? text : text + String(repeating: "x", count: minLength - text.count)
    }
}
