/// A check on one value: a plain value (equals), `==` `!=` `<` `<=` `>` `>=`, `contains`,
/// `starts_with`, `ends_with`, `matches`, `exists`, `type`, `count`, `one_of`, `not`, or several
/// that must all hold.
package enum Predicate: Sendable {
    /// The value equals this one (numbers compare as numbers).
    case equals(ValueTemplate)
    /// The value differs from this one.
    case notEquals(ValueTemplate)
    /// `<`, `<=`, `>`, `>=` against a number (or a string, compared by code points).
    case compare(ComparisonOperator, ValueTemplate)
    /// A string holds a substring, an array an element, an object a key.
    case contains(ValueTemplate)
    /// A string starts with this text.
    case startsWith(ValueTemplate)
    /// A string ends with this text.
    case endsWith(ValueTemplate)
    /// A string matches a regular expression somewhere (compiled when the file loads).
    case matches(TextPattern)
    /// The value exists (or not).
    case exists(Bool)
    /// The value's JSON type: `string`, `number`, `integer`, `boolean`, `array`, `object`, `null`.
    case type(String)
    /// The number of items of an array, keys of an object or characters of a string.
    indirect case count(Predicate)
    /// The value equals one of these.
    case oneOf([ValueTemplate])
    /// A status in a class: `2xx` is 2.
    case statusClass(Int)
    /// The inner predicate does not hold.
    indirect case not(Predicate)
    /// Every predicate holds.
    case all([Predicate])
    /// The value is valid against a JSON Schema.
    indirect case schema(SchemaCheck)

    /// The comparison operators.
    package enum ComparisonOperator: String, Sendable, CaseIterable {
        /// `<`
        case less = "<"
        /// `<=`
        case lessOrEqual = "<="
        /// `>`
        case greater = ">"
        /// `>=`
        case greaterOrEqual = ">="
    }

    /// The names that introduce a predicate in a mapping.
    package static let operatorNames = [
        "==", "!=", "<", "<=", ">", ">=", "equals", "contains", "starts_with", "ends_with", "matches", "exists",
        "type", "count", "one_of", "not", "schema",
    ]

    /// The type names `type:` accepts.
    package static let typeNames = ["string", "number", "integer", "boolean", "array", "object", "null"]
}

/// How a value is shown in messages: as JSON, or as a duration for `duration:` expectations.
package enum ValueFormat: Sendable {
    /// Compact JSON, cut when long.
    case json
    /// Milliseconds shown as `850 ms` / `1.2 s`.
    case milliseconds
    /// A status code, or a class such as `2xx`.
    case status

    func show(_ value: DecodedValue) -> String {
        switch self {
        case .milliseconds:
            if let milliseconds = value.doubleValue, milliseconds.isFinite, abs(milliseconds) < 1e12 {
                return DurationText.format(.nanoseconds(Int64(milliseconds * 1e6)))
            }
            return value.jsonText(limit: 240).truncatedForDisplay()
        case .json, .status:
            return value.jsonText(limit: 240).truncatedForDisplay()
        }
    }
}

/// The outcome of one predicate on one value.
package struct PredicateOutcome: Sendable, Equatable {
    /// Whether it held.
    package var passed: Bool
    /// What was expected, kept as parts until it is shown.
    package var expectation: ShownText
    /// Why it failed when the reason is more than "different value": a type mismatch, a bad regex.
    package var reason: String?
    /// For `schema:`, how the value failed it, most specific first.
    package var schemaFailures: [SchemaFailure] = []

    /// What was expected, in words: `equals "articles"`, `count > 0`.
    package var expected: String { expectation.description }

    /// An outcome whose expectation is made when shown.
    package init(passed: Bool, expectation: ShownText, reason: String? = nil) {
        self.passed = passed
        self.expectation = expectation
        self.reason = reason
    }

    /// An outcome whose expectation is already text.
    package init(passed: Bool, expected: String, reason: String? = nil) {
        self.init(passed: passed, expectation: .words(expected), reason: reason)
    }
}

/// A `schema:` predicate: the compiled schema and how messages name it.
package struct SchemaCheck: Sendable {
    /// The schema, compiled when the file loaded.
    package var schema: JSONSchema
    /// `the schema in schemas/article.yaml`, `the inline schema`.
    package var name: String
    /// Whether `format` is asserted whatever the request's `formats` option says (schemas from an
    /// OpenAPI spec).
    package var assertsFormats = false

    /// How many failures a response's message shows at most.
    package static let failureLimit = 5

    /// Creates a check.
    package init(schema: JSONSchema, name: String, assertsFormats: Bool = false) {
        self.schema = schema
        self.name = name
        self.assertsFormats = assertsFormats
    }
}
