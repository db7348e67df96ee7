/// Words about a check (what it expected, what it found), made into text only when something
/// shows them: most checks pass, and a passing check is printed only by a JSON report.
package indirect enum ShownText: Sendable, Equatable, CustomStringConvertible {
    /// Text already made.
    case words(String)
    /// `prefix` and a value as `format` shows it: `equals "articles"`.
    case value(String, DecodedValue, ValueFormat)
    /// `prefix` and a value as JSON, uncut: `starts with "/api"`.
    case json(String, DecodedValue)
    /// `prefix` and values as `format` shows them, between commas: `one of 200, 201`.
    case values(String, [DecodedValue], ValueFormat)
    /// `prefix` and other words: `count > 0`, `not equals 3`.
    case prefixed(String, ShownText)
    /// Several descriptions joined with " and ".
    case all([ShownText])

    /// `value` as `format` shows it: kept as the value while it is small (a number, a short
    /// string), made now otherwise, so that a result never holds on to a whole response body.
    package static func shown(_ value: DecodedValue, _ format: ValueFormat) -> ShownText {
        switch value {
        case .null, .bool, .integer, .number: return .value("", value, format)
        case let .string(text) where text.utf8.count <= 256: return .value("", value, format)
        default: return .words(format.show(value))
        }
    }

    /// The text.
    package var description: String {
        switch self {
        case let .words(text): return text
        case let .value(prefix, value, format): return prefix + format.show(value)
        case let .json(prefix, value): return prefix + value.jsonText
        case let .values(prefix, values, format): return prefix + values.map(format.show).joined(separator: ", ")
        case let .prefixed(prefix, inner): return prefix + inner.description
        case let .all(parts): return parts.map(\.description).joined(separator: " and ")
        }
    }

    /// Equal when they read the same.
    package static func == (lhs: ShownText, rhs: ShownText) -> Bool {
        lhs.description == rhs.description
    }
}
