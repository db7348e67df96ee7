public import OrderedCollections

/// The value tree that decoders produce and that expectations, captures and templates read:
/// JSON's data model, with integers kept apart from other numbers and object keys in order.
///
/// Numbers compare as numbers: `.integer(1) == .number(1.0)`.
public enum DecodedValue: Sendable, Equatable, CustomStringConvertible {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits 64 bits.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An ordered list.
    case array([DecodedValue])
    /// Keys and values in the order they were written.
    case object(OrderedDictionary<String, DecodedValue>)

    /// An object from a plain list of key-value pairs, in order (a later duplicate key wins), for
    /// decoders that would rather not import swift-collections for `OrderedDictionary`.
    public static func object(fromPairs pairs: [(String, DecodedValue)]) -> DecodedValue {
        .object(OrderedDictionary(pairs, uniquingKeysWith: { _, last in last }))
    }

    /// The value as a `Double`, if it is a number.
    /// An object's member named `name`; nil for a missing member and for other values.
    package func member(_ name: String) -> DecodedValue? {
        if case let .object(members) = self { members[name] } else { nil }
    }

    /// An array's items; nil for other values.
    package var items: [DecodedValue]? {
        if case let .array(items) = self { items } else { nil }
    }

    public var doubleValue: Double? {
        switch self {
        case let .integer(value): Double(value)
        case let .number(value): value
        default: nil
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    /// The JSON type name used by the `type` predicate: `string`, `integer`/`number`, `boolean`,
    /// `array`, `object` or `null`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case let .number(value): value.rounded() == value && abs(value) < 1e15 ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A phrase for messages: "the string \"7\"", "the number 7", "an array of 3 items".
    public var phrase: String {
        switch self {
        case .null: "null"
        case let .bool(value): "the boolean \(value)"
        case .integer, .number: "the number \(jsonText)"
        case .string: "the string \(jsonText.truncatedForDisplay())"
        case let .array(items): "an array of \(items.count) item\(items.count == 1 ? "" : "s")"
        case let .object(members): "an object with \(members.count) key\(members.count == 1 ? "" : "s")"
        }
    }

    /// The text a template inserts: strings as they are, everything else as compact JSON.
    public var interpolationText: String {
        if case let .string(value) = self { return value }
        return jsonText
    }

    /// Compact JSON text.
    public var description: String { jsonText }

    /// Equality with numbers compared as numbers.
    public static func == (lhs: DecodedValue, rhs: DecodedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key] == value }
        default:
            if let a = lhs.doubleValue, let b = rhs.doubleValue { return a == b }
            return false
        }
    }
}
