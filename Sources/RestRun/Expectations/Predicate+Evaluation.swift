import OrderedCollections
extension Predicate {
    /// Checks `actual` (`nil` when nothing is there) with templates resolved in `scope`.
    /// `assertsFormats` makes `schema:` check `format` (the `formats: assert` option).
    package func evaluate(
        _ actual: DecodedValue?, in scope: Scope, format: ValueFormat = .json, assertsFormats: Bool = false
    ) throws(Diagnostic) -> PredicateOutcome {
        switch self {
        case let .equals(template):
            let expected = try template.resolve(in: scope)
            return PredicateOutcome(
                passed: actual == expected, expectation: .value("equals ", expected, format),
                reason: actual.flatMap { mismatchReason(actual: $0, expected: expected) })
        case let .notEquals(template):
            let expected = try template.resolve(in: scope)
            return PredicateOutcome(passed: actual != nil && actual != expected, expectation: .value("!= ", expected, format))
        case let .compare(op, template):
            return try Self.comparing(actual, op, template.resolve(in: scope), format: format)
        case let .contains(template):
            return try Self.containing(actual, template.resolve(in: scope), format: format)
        case let .startsWith(template), let .endsWith(template):
            let expected = try template.resolve(in: scope).interpolationText
            let isStart: Bool
            if case .startsWith = self { isStart = true } else { isStart = false }
            let description = ShownText.json(isStart ? "starts with " : "ends with ", .string(expected))
            guard let actual else { return PredicateOutcome(passed: false, expectation: description) }
            guard case let .string(text) = actual else {
                return PredicateOutcome(passed: false, expectation: description, reason: "expected a string, found \(actual.phrase)")
            }
            return PredicateOutcome(passed: isStart ? text.hasPrefix(expected) : text.hasSuffix(expected), expectation: description)
        case let .matches(pattern):
            let description = ShownText.words("matches /\(pattern.source)/")
            guard let actual else { return PredicateOutcome(passed: false, expectation: description) }
            guard case let .string(text) = actual else {
                return PredicateOutcome(passed: false, expectation: description, reason: "expected a string, found \(actual.phrase)")
            }
            return PredicateOutcome(passed: pattern.matches(text), expectation: description)
        case let .exists(shouldExist):
            return PredicateOutcome(passed: (actual != nil) == shouldExist, expectation: .words(shouldExist ? "exists" : "does not exist"))
        case let .type(name):
            let description = ShownText.words("type \(name)")
            guard let actual else { return PredicateOutcome(passed: false, expectation: description) }
            let passed = name == "number" ? actual.doubleValue != nil : actual.typeName == name
            return PredicateOutcome(passed: passed, expectation: description)
        case let .count(inner):
            let count: Int?
            switch actual {
            case let .array(items)?: count = items.count
            case let .object(members)?: count = members.count
            case let .string(text)?: count = text.count
            default: count = nil
            }
            guard let count else {
                let innerDescription = try inner.evaluate(.integer(0), in: scope).expectation
                return PredicateOutcome(
                    passed: false, expectation: .prefixed("count ", innerDescription),
                    reason: actual.map { "expected an array, an object or a string, found \($0.phrase)" })
            }
            var outcome = try inner.evaluate(.integer(count), in: scope)
            outcome.expectation = .prefixed("count ", outcome.expectation)
            if !outcome.passed { outcome.reason = "the count is \(count)" }
            return outcome
        case let .oneOf(templates):
            var values: [DecodedValue] = []
            for template in templates { values.append(try template.resolve(in: scope)) }
            return PredicateOutcome(passed: actual.map { values.contains($0) } ?? false, expectation: .values("one of ", values, format))
        case let .statusClass(digit):
            let passed = actual?.doubleValue.map { Int($0) / 100 == digit } ?? false
            return PredicateOutcome(passed: passed, expectation: .words("\(digit)xx"))
        case let .not(inner):
            let outcome = try inner.evaluate(actual, in: scope, format: format, assertsFormats: assertsFormats)
            return PredicateOutcome(passed: !outcome.passed, expectation: .prefixed("not ", outcome.expectation))
        case let .all(predicates):
            return try Self.allHolding(predicates, actual, in: scope, format: format, assertsFormats: assertsFormats)
        case let .schema(check):
            let description = ShownText.words("matches \(check.name)")
            guard let actual else { return PredicateOutcome(passed: false, expectation: description) }
            let asserts = assertsFormats || check.assertsFormats
            guard !check.schema.isValid(actual, assertsFormats: asserts) else { return PredicateOutcome(passed: true, expectation: description) }
            var outcome = PredicateOutcome(passed: false, expectation: description)
            outcome.schemaFailures = check.schema.failures(actual, limit: SchemaCheck.failureLimit, assertsFormats: asserts)
            return outcome
        }
    }

    /// `<`, `<=`, `>`, `>=`: numbers by value, strings by their Unicode scalars.
    private static func comparing(
        _ actual: DecodedValue?, _ op: ComparisonOperator, _ expected: DecodedValue, format: ValueFormat
    ) -> PredicateOutcome {
        let description = ShownText.value(op.rawValue + " ", expected, format)
        guard let actual else { return PredicateOutcome(passed: false, expectation: description) }
        if let a = actual.doubleValue, let b = expected.doubleValue {
            let passed: Bool
            switch op {
            case .less: passed = a < b
            case .lessOrEqual: passed = a <= b
            case .greater: passed = a > b
            case .greaterOrEqual: passed = a >= b
            }
            return PredicateOutcome(passed: passed, expectation: description)
        }
        if case let .string(a) = actual, case let .string(b) = expected {
            let less = a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
            let passed: Bool
            switch op {
            case .less: passed = less
            case .lessOrEqual: passed = less || a == b
            case .greater: passed = !less && a != b
            case .greaterOrEqual: passed = !less
            }
            return PredicateOutcome(passed: passed, expectation: description)
        }
        let wanted = expected.doubleValue != nil ? "a number" : expected.stringValue != nil ? "a string" : "a number or a string"
        return PredicateOutcome(passed: false, expectation: description, reason: "expected \(wanted), found \(actual.phrase)")
    }

    /// `contains`: a piece of a string, an item of an array, a key of an object.
    private static func containing(_ actual: DecodedValue?, _ expected: DecodedValue, format: ValueFormat) -> PredicateOutcome {
        let description = ShownText.value("contains ", expected, format)
        switch actual {
        case let .string(text)?:
            guard case let .string(piece) = expected else {
                return PredicateOutcome(passed: text.containsText(expected.interpolationText), expectation: description)
            }
            return PredicateOutcome(passed: text.containsText(piece), expectation: description)
        case let .array(items)?:
            return PredicateOutcome(passed: items.contains(expected), expectation: description)
        case let .object(members)?:
            return PredicateOutcome(passed: expected.stringValue.map { members[$0] != nil } ?? false, expectation: description)
        case let other?:
            return PredicateOutcome(passed: false, expectation: description, reason: "expected a string, an array or an object, found \(other.phrase)")
        case nil:
            return PredicateOutcome(passed: false, expectation: description)
        }
    }

    /// Several predicates on one value: all must hold; the first failure's reason is kept.
    private static func allHolding(
        _ predicates: [Predicate], _ actual: DecodedValue?, in scope: Scope, format: ValueFormat, assertsFormats: Bool
    ) throws(Diagnostic) -> PredicateOutcome {
        var descriptions: [ShownText] = []
        var passed = true
        var reason: String?
        var schemaFailures: [SchemaFailure] = []
        for predicate in predicates {
            let outcome = try predicate.evaluate(actual, in: scope, format: format, assertsFormats: assertsFormats)
            descriptions.append(outcome.expectation)
            if !outcome.passed {
                passed = false
                reason = reason ?? outcome.reason
                schemaFailures += outcome.schemaFailures
            }
        }
        var outcome = PredicateOutcome(passed: passed, expectation: .all(descriptions), reason: reason)
        outcome.schemaFailures = schemaFailures
        return outcome
    }

    /// "expected a number, found the string \"7\"" when equality failed only because of the type.
    private func mismatchReason(actual: DecodedValue, expected: DecodedValue) -> String? {
        guard actual != expected, actual.jsonTypeWord != expected.jsonTypeWord else { return nil }
        let article = expected.jsonTypeWord == "array" || expected.jsonTypeWord == "object" ? "an" : "a"
        let word = expected == .null ? "null" : "\(article) \(expected.jsonTypeWord)"
        return "expected \(word), found \(actual.phrase)"
    }
}
