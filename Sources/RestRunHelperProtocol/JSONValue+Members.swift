/// Reading and making the values helper requests and answers are built of.
extension JSONValue {
    /// The text, when this is a string.
    package var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The number, when this is an integer that fits an `Int`.
    package var integer: Int? {
        if case .number(let text) = self { Int(text) } else { nil }
    }

    /// The number, when this is one.
    package var double: Double? {
        if case .number(let text) = self { Double(text) } else { nil }
    }

    /// Whether this is `true`.
    package var isTrue: Bool { self == .bool(true) }

    /// The items, when this is an array.
    package var items: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    /// The strings of an array (other items left out); empty when this is not an array.
    package var strings: [String] { items?.compactMap(\.string) ?? [] }

    /// An integer.
    package static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number of seconds, as a decimal number.
    package static func seconds(_ duration: Duration) -> JSONValue {
        let (seconds, attoseconds) = duration.components
        return .number(String(Double(seconds) + Double(attoseconds) / 1e18))
    }

    /// An array of strings.
    package static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// An object of the members that have a value, in order.
    package static func members(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { Property(key, $0) } })
    }
}
