import OrderedCollections
/// Validates a value against a compiled schema. In its fast form it stops at the first failure
/// and records nothing; with `recordsFailures` it goes on and records every failure with its
/// path, which a caller asks for only once the fast form said the value fails.
struct SchemaEvaluator {
    /// What the subschemas evaluated in place made known about the value, for
    /// `unevaluatedProperties` and `unevaluatedItems`.
    struct Annotations {
        var properties: Set<String> = []
        var allProperties = false
        var itemsPrefix = 0
        var allItems = false
        var itemIndices: Set<Int> = []

        mutating func merge(_ other: Annotations) {
            if other.allProperties { allProperties = true } else if !allProperties { properties.formUnion(other.properties) }
            if other.allItems { allItems = true }
            itemsPrefix = max(itemsPrefix, other.itemsPrefix)
            itemIndices.formUnion(other.itemIndices)
        }
    }

    /// How deep schemas may call schemas on the same value before the evaluation gives up.
    static let maximumDepth = 500

    let recordsFailures: Bool
    /// Whether the value is a request's or a response's (OpenAPI's `readOnly` and `writeOnly`).
    var direction = SchemaDirection.any
    /// Whether the dynamic scope is kept (only schemas with a `$dynamicRef` read it).
    let tracksScope: Bool
    /// Whether every `format` rest-run knows is checked, not only those a meta-schema asserts.
    let assertsFormats: Bool
    private(set) var failures: [SchemaFailure] = []
    private var path: [SchemaPathStep] = []
    private var scope: [SchemaResource] = []
    private var depth = 0

    init(recordsFailures: Bool, assertsFormats: Bool = false, tracksScope: Bool = true) {
        self.recordsFailures = recordsFailures
        self.assertsFormats = assertsFormats
        self.tracksScope = tracksScope
    }

    /// A fresh evaluator for a subschema whose failures are judged by the caller (`not`, `if`,
    /// `contains`, branches of `anyOf`): same path and dynamic scope.
    private func probe(recording: Bool) -> SchemaEvaluator {
        var probe = SchemaEvaluator(recordsFailures: recording, assertsFormats: assertsFormats, tracksScope: tracksScope)
        probe.direction = direction
        probe.path = path
        probe.scope = scope
        probe.depth = depth
        return probe
    }

    private mutating func fail(_ node: SchemaNode, _ keyword: String, _ message: String) {
        guard recordsFailures else { return }
        failures.append(SchemaFailure(
            instancePath: SchemaPathStep.render(path), depth: path.count, keyword: keyword, message: message,
            schemaLocation: node.location.description))
    }

    /// Whether `instance` is valid against `node`, and what evaluating it made known.
    mutating func evaluate(_ node: SchemaNode, _ instance: DecodedValue, collect: Bool) -> (valid: Bool, annotations: Annotations) {
        if let constant = node.constant {
            if !constant { fail(node, "false", "no value is allowed here, found \(instance.phrase)") }
            return (constant, Annotations())
        }
        guard depth < Self.maximumDepth else {
            fail(node, "$ref", "rest-run checks at most \(Self.maximumDepth) schemas inside one another, and this value (or a schema that refers to itself) goes deeper")
            return (false, Annotations())
        }
        depth += 1
        defer { depth -= 1 }
        let entersResource = tracksScope && scope.last !== node.resource
        if entersResource { scope.append(node.resource) }
        defer { if entersResource { scope.removeLast() } }

        let collect = collect || node.readsAnnotations
        var valid = true
        var annotations = Annotations()
        for keyword in node.keywords {
            if !valid, !recordsFailures { break }
            if !check(keyword, of: node, instance, collect: collect, annotations: &annotations) { valid = false }
        }
        if valid || recordsFailures {
            if let unevaluated = node.unevaluatedItems, case let .array(items) = instance {
                for (index, item) in items.enumerated()
                where !(annotations.allItems || index < annotations.itemsPrefix || annotations.itemIndices.contains(index)) {
                    if recordsFailures { path.append(.index(index)) }
                    let (itemValid, _) = evaluate(unevaluated, item, collect: false)
                    if recordsFailures { path.removeLast() }
                    if !itemValid {
                        valid = false
                        if !recordsFailures { break }
                    }
                }
                annotations.allItems = true
            }
            if let unevaluated = node.unevaluatedProperties, case let .object(members) = instance, valid || recordsFailures {
                for (key, value) in members where !(annotations.allProperties || annotations.properties.contains(key)) {
                    if recordsFailures { path.append(.key(key)) }
                    let (memberValid, _) = evaluate(unevaluated, value, collect: false)
                    if recordsFailures { path.removeLast() }
                    if !memberValid {
                        valid = false
                        if !recordsFailures { break }
                    }
                }
                annotations.allProperties = true
            }
        }
        return valid ? (true, annotations) : (false, Annotations())
    }

    /// Whether `instance` passes one keyword of `node`; failures are recorded, annotations for
    /// `unevaluated*` collected when `collect`.
    private mutating func check(
        _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        switch keyword {
        case .reference, .dynamicReference: checkReference(keyword, of: node, instance, collect: collect, annotations: &annotations)
        case .type, .enumeration, .constant, .multipleOf, .maximum, .minimum, .maxLength, .minLength, .pattern, .format: checkValue(keyword, of: node, instance, collect: collect, annotations: &annotations)
        case .maxItems, .minItems, .uniqueItems, .maxProperties, .minProperties, .required, .dependentRequired: checkShape(keyword, of: node, instance, collect: collect, annotations: &annotations)
        case .allOf, .anyOf, .oneOf, .not, .conditional, .dependentSchemas: checkCombination(keyword, of: node, instance, collect: collect, annotations: &annotations)
        case .items, .contains, .members, .propertyNames: checkChildren(keyword, of: node, instance, collect: collect, annotations: &annotations)
        }
    }

    /// Checks a `$ref` or `$dynamicRef`: the schema it points to.
    private mutating func checkReference(
        _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        switch keyword {
        case let .reference(reference):
            guard let target = reference.target else { return true }
            let (valid, found) = evaluate(target, instance, collect: collect)
            if valid { annotations.merge(found) }
            return valid
        case let .dynamicReference(reference):
            guard var target = reference.target else { return true }
            if let name = reference.dynamicAnchor, let outermost = scope.first(where: { $0.dynamicAnchors[name] != nil }),
               let dynamic = outermost.dynamicAnchors[name] {
                target = dynamic
            }
            let (valid, found) = evaluate(target, instance, collect: collect)
            if valid { annotations.merge(found) }
            return valid
        default: return true
        }
    }

    /// Checks an assertion on the value itself: its type, its value, a number's or a string's bounds, a format.
    private mutating func checkValue(
        _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        switch keyword {
        case let .type(names, nullable):
            if nullable, instance == .null { return true }
            if names.contains(where: { Self.hasType($0, instance) }) { return true }
            fail(node, "type", "wanted \(Self.typePhrase(names)), found \(instance.phrase)")
            return false
        case let .enumeration(values):
            if values.contains(where: { Self.equal($0, instance) }) { return true }
            let listed = values.prefix(8).map(\.jsonText).joined(separator: ", ") + (values.count > 8 ? ", ..." : "")
            fail(node, "enum", "wanted one of \(listed), found \(instance.phrase)")
            return false
        case let .constant(value):
            if Self.equal(instance, value) { return true }
            fail(node, "const", "wanted \(value.jsonText(limit: 240).truncatedForDisplay()), found \(instance.phrase)")
            return false
        case let .multipleOf(divisor):
            guard let number = instance.doubleValue else { return true }
            if Self.isMultiple(instance, number, of: divisor) { return true }
            fail(node, "multipleOf", "wanted a multiple of \(DecodedValue.number(divisor).jsonText), found \(instance.phrase)")
            return false
        case let .maximum(limit, exclusive):
            guard let number = instance.doubleValue else { return true }
            if exclusive ? number < limit : number <= limit { return true }
            fail(node, exclusive ? "exclusiveMaximum" : "maximum", "wanted \(exclusive ? "<" : "≤") \(DecodedValue.number(limit).jsonText), found \(instance.phrase)")
            return false
        case let .minimum(limit, exclusive):
            guard let number = instance.doubleValue else { return true }
            if exclusive ? number > limit : number >= limit { return true }
            fail(node, exclusive ? "exclusiveMinimum" : "minimum", "wanted \(exclusive ? ">" : "≥") \(DecodedValue.number(limit).jsonText), found \(instance.phrase)")
            return false
        case let .maxLength(limit):
            guard case let .string(text) = instance else { return true }
            // A string has no more characters than bytes: most pass without counting.
            if text.utf8.count <= limit { return true }
            let length = text.unicodeScalars.count
            if length <= limit { return true }
            fail(node, "maxLength", "wanted at most \(limit) characters, found \(length) in \(instance.phrase)")
            return false
        case let .minLength(limit):
            guard case let .string(text) = instance else { return true }
            // A string has at least a quarter as many characters as bytes.
            if text.utf8.count >= limit * 4 { return true }
            let length = text.unicodeScalars.count
            if length >= limit { return true }
            fail(node, "minLength", "wanted at least \(limit) characters, found \(length) in \(instance.phrase)")
            return false
        case let .pattern(pattern):
            guard case let .string(text) = instance else { return true }
            if pattern.matches(text) { return true }
            fail(node, "pattern", "wanted a match for /\(pattern.source)/, found \(instance.phrase)")
            return false
        case let .format(name, asserted):
            guard asserted || assertsFormats else { return true }
            if let number = instance.doubleValue, let fits = SchemaFormats.check(name, number: number) {
                if fits { return true }
                fail(node, "format", "wanted \(SchemaFormats.phrase(name)), found \(instance.phrase)")
                return false
            }
            guard case let .string(text) = instance, let matches = SchemaFormats.check(name, text) else { return true }
            if matches { return true }
            fail(node, "format", "wanted \(SchemaFormats.phrase(name)), found \(instance.phrase)")
            return false
        default: return true
        }
    }

    /// Checks an assertion on how many items or properties there are, and which are present.
    private mutating func checkShape(
        _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        switch keyword {
        case let .maxItems(limit):
            guard case let .array(items) = instance else { return true }
            if items.count <= limit { return true }
            fail(node, "maxItems", "wanted at most \(limit) items, found \(items.count)")
            return false
        case let .minItems(limit):
            guard case let .array(items) = instance else { return true }
            if items.count >= limit { return true }
            fail(node, "minItems", "wanted at least \(limit) items, found \(items.count)")
            return false
        case .uniqueItems:
            guard case let .array(items) = instance, let (first, second) = Self.firstDuplicate(items) else { return true }
            fail(node, "uniqueItems", "wanted unique items, found items \(first) and \(second) equal (\(items[first].jsonText(limit: 240).truncatedForDisplay()))")
            return false
        case let .maxProperties(limit):
            guard case let .object(members) = instance else { return true }
            if members.count <= limit { return true }
            fail(node, "maxProperties", "wanted at most \(limit) properties, found \(members.count)")
            return false
        case let .minProperties(limit):
            guard case let .object(members) = instance else { return true }
            if members.count >= limit { return true }
            fail(node, "minProperties", "wanted at least \(limit) properties, found \(members.count)")
            return false
        case let .required(names, readOnly, writeOnly):
            guard case let .object(members) = instance else { return true }
            let exempt: Set<String> = switch direction {
            case .request: readOnly
            case .response: writeOnly
            case .any: []
            }
            guard names.contains(where: { members[$0] == nil && !exempt.contains($0) }) else { return true }
            let missing = names.filter { members[$0] == nil && !exempt.contains($0) }
            fail(node, "required", "wanted \(Self.propertyList(missing)), which \(missing.count == 1 ? "is" : "are") missing")
            return false
        case let .dependentRequired(entries):
            guard case let .object(members) = instance else { return true }
            var valid = true
            for (key, names) in entries where members[key] != nil {
                let missing = names.filter { members[$0] == nil }
                if !missing.isEmpty {
                    fail(node, "dependentRequired", "'\(key)' is present, so wanted \(Self.propertyList(missing)), which \(missing.count == 1 ? "is" : "are") missing")
                    valid = false
                }
            }
            return valid
        default: return true
        }
    }

    /// Checks a keyword that applies other schemas to the same value: allOf, anyOf, oneOf, not, if, dependentSchemas.
    private mutating func checkCombination(
        _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        switch keyword {
        case let .allOf(schemas):
            var valid = true
            for schema in schemas {
                let (schemaValid, found) = evaluate(schema, instance, collect: collect)
                if schemaValid { annotations.merge(found) } else {
                    valid = false
                    if !recordsFailures { break }
                }
            }
            return valid
        case let .anyOf(schemas):
            return checkAnyOf(schemas, of: node, instance, collect: collect, annotations: &annotations)
        case let .oneOf(schemas):
            return checkOneOf(schemas, of: node, instance, collect: collect, annotations: &annotations)
        case let .not(schema):
            var probe = probe(recording: false)
            if probe.evaluate(schema, instance, collect: false).valid {
                fail(node, "not", "wanted a value that does not match the schema at \(schema.location), found \(instance.phrase)")
                return false
            }
            return true
        case let .conditional(condition, then, otherwise):
            var probe = probe(recording: false)
            let (holds, found) = probe.evaluate(condition, instance, collect: collect)
            if holds {
                annotations.merge(found)
                guard let then else { return true }
                let (valid, thenFound) = evaluate(then, instance, collect: collect)
                if valid { annotations.merge(thenFound) }
                return valid
            }
            guard let otherwise else { return true }
            let (valid, elseFound) = evaluate(otherwise, instance, collect: collect)
            if valid { annotations.merge(elseFound) }
            return valid
        case let .dependentSchemas(entries):
            guard case let .object(members) = instance else { return true }
            var valid = true
            for (key, schema) in entries where members[key] != nil {
                let (schemaValid, found) = evaluate(schema, instance, collect: collect)
                if schemaValid { annotations.merge(found) } else {
                    valid = false
                    if !recordsFailures { break }
                }
            }
            return valid
        default: return true
        }
    }

    /// Checks a keyword that applies schemas to the items or properties: items, contains, properties, propertyNames.
    private mutating func checkChildren(
        _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        switch keyword {
        case let .items(prefix, rest, _):
            guard case let .array(items) = instance else { return true }
            var valid = true
            for (index, item) in items.enumerated() {
                let schema: SchemaNode
                if index < prefix.count {
                    schema = prefix[index]
                } else if let rest {
                    schema = rest
                } else {
                    break
                }
                if recordsFailures { path.append(.index(index)) }
                let (itemValid, _) = evaluate(schema, item, collect: false)
                if recordsFailures { path.removeLast() }
                if !itemValid {
                    valid = false
                    if !recordsFailures { break }
                }
            }
            annotations.itemsPrefix = max(annotations.itemsPrefix, min(prefix.count, items.count))
            if rest != nil { annotations.allItems = true }
            return valid
        case let .contains(schema, minimum, maximum):
            guard case let .array(items) = instance else { return true }
            var matched = 0
            var probe = probe(recording: false)
            for (index, item) in items.enumerated() {
                if recordsFailures { probe.path.append(.index(index)) }
                if probe.evaluate(schema, item, collect: false).valid {
                    matched += 1
                    if collect { annotations.itemIndices.insert(index) }
                }
                if recordsFailures { probe.path.removeLast() }
            }
            if matched < minimum {
                fail(node, "contains", "wanted at least \(minimum) item\(minimum == 1 ? "" : "s") matching the schema at \(schema.location), found \(matched)")
                return false
            }
            if let maximum, matched > maximum {
                fail(node, "maxContains", "wanted at most \(maximum) item\(maximum == 1 ? "" : "s") matching the schema at \(schema.location), found \(matched)")
                return false
            }
            return true
        case let .members(properties, patterns, additional):
            guard case let .object(members) = instance else { return true }
            var valid = true
            for (key, value) in members {
                var matched = false
                if recordsFailures { path.append(.key(key)) }
                defer { if recordsFailures { path.removeLast() } }
                if let schema = properties[key] {
                    matched = true
                    if !evaluate(schema, value, collect: false).valid { valid = false }
                }
                for (pattern, schema) in patterns where pattern.matches(key) {
                    matched = true
                    if !evaluate(schema, value, collect: false).valid { valid = false }
                }
                if matched {
                    if collect { annotations.properties.insert(key) }
                } else if let additional {
                    if collect { annotations.properties.insert(key) }
                    if additional.constant == false {
                        valid = false
                        if recordsFailures {
                            failures.append(SchemaFailure(
                                instancePath: SchemaPathStep.render(path), depth: path.count, keyword: "additionalProperties",
                                message: "'\(key)' is not an allowed property", schemaLocation: additional.location.description))
                        }
                    } else if !evaluate(additional, value, collect: false).valid {
                        valid = false
                    }
                }
                if !valid, !recordsFailures { return false }
            }
            return valid
        case let .propertyNames(schema):
            guard case let .object(members) = instance else { return true }
            var valid = true
            for key in members.keys {
                var probe = probe(recording: recordsFailures)
                if !probe.evaluate(schema, .string(key), collect: false).valid {
                    valid = false
                    fail(node, "propertyNames", "the property name '\(key)' does not match the schema at \(schema.location)")
                    if !recordsFailures { break }
                }
            }
            return valid
        default: return true
        }
    }


    private mutating func checkAnyOf(
        _ schemas: [SchemaNode], of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        var anyValid = false
        var branchFailures: [[SchemaFailure]] = []
        for schema in schemas {
            var probe = probe(recording: recordsFailures)
            let (valid, found) = probe.evaluate(schema, instance, collect: collect)
            if valid {
                anyValid = true
                annotations.merge(found)
                if !collect { break }
            } else {
                branchFailures.append(probe.failures)
            }
        }
        if anyValid { return true }
        recordBestBranch(branchFailures, node: node, keyword: "anyOf", message: "wanted a value that matches at least one of \(schemas.count) schemas, found \(instance.phrase)")
        return false
    }

    private mutating func checkOneOf(
        _ schemas: [SchemaNode], of node: SchemaNode, _ instance: DecodedValue, collect: Bool, annotations: inout Annotations
    ) -> Bool {
        var matching: [Int] = []
        var matchedAnnotations = Annotations()
        var branchFailures: [[SchemaFailure]] = []
        for (index, schema) in schemas.enumerated() {
            var probe = probe(recording: recordsFailures)
            let (valid, found) = probe.evaluate(schema, instance, collect: collect)
            if valid {
                matching.append(index)
                matchedAnnotations = found
                if matching.count > 1, !recordsFailures { return false }
            } else {
                branchFailures.append(probe.failures)
            }
        }
        if matching.count == 1 {
            annotations.merge(matchedAnnotations)
            return true
        }
        if matching.isEmpty {
            recordBestBranch(branchFailures, node: node, keyword: "oneOf", message: "wanted a value that matches exactly one of \(schemas.count) schemas, found \(instance.phrase) matching none")
        } else {
            let places = matching.map { schemas[$0].location.description }.joined(separator: " and ")
            fail(node, "oneOf", "wanted a value that matches exactly one of \(schemas.count) schemas, found \(instance.phrase) matching \(matching.count) (\(places))")
        }
        return false
    }

    /// Records the failures of the branch that got furthest into the value (the most specific
    /// story), or the combinator's own sentence when no branch says more.
    private mutating func recordBestBranch(_ branches: [[SchemaFailure]], node: SchemaNode, keyword: String, message: String) {
        guard recordsFailures else { return }
        let best = branches.max { ($0.map(\.depth).max() ?? -1, -$0.count) < ($1.map(\.depth).max() ?? -1, -$1.count) }
        if let best, let deepest = best.map(\.depth).max(), deepest > path.count {
            failures.append(contentsOf: best)
        } else {
            fail(node, keyword, message)
        }
    }

    // MARK: Helpers

    static func hasType(_ name: String, _ value: DecodedValue) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .integer), ("number", .number), ("integer", .integer): true
        case let ("integer", .number(number)): number.isFinite && number.rounded() == number
        default: false
        }
    }

    static func typePhrase(_ names: [String]) -> String {
        let phrases = names.map { name in
            switch name {
            case "null": "null"
            case "integer", "array", "object": "an \(name)"
            case "boolean": "a boolean"
            default: "a \(name)"
            }
        }
        return phrases.count == 1 ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " or " + (phrases.last ?? "")
    }

    static func propertyList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        return (names.count == 1 ? "property " : "properties ") + quoted.joined(separator: ", ")
    }

    static func isMultiple(_ value: DecodedValue, _ number: Double, of divisor: Double) -> Bool {
        if case let .integer(integer) = value, divisor.rounded() == divisor, abs(divisor) < 9e18 {
            return integer % Int(divisor) == 0
        }
        // A whole number is a multiple of 1/n: this holds even where the quotient overflows.
        if number.rounded() == number, (1 / divisor).rounded() == 1 / divisor { return true }
        let quotient = number / divisor
        guard quotient.isFinite else { return false }
        return abs(quotient - quotient.rounded()) <= 1e-12 * max(1, abs(quotient))
    }

    /// JSON equality: numbers by value (`1` equals `1.0`), strings code point by code point (a
    /// composed and a decomposed accent differ), objects whatever their key order.
    static func equal(_ left: DecodedValue, _ right: DecodedValue) -> Bool {
        switch (left, right) {
        case let (.string(a), .string(b)):
            guard a.utf8.count == b.utf8.count else { return false }
            var left = a, right = b
            return left.withUTF8 { first in right.withUTF8 { second in first.elementsEqual(second) } }
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { key, value in
                guard let other = b[key] else { return false }
                return equal(value, other)
            }
        default: return left == right
        }
    }

    /// The positions of the first two equal items, if any.
    static func firstDuplicate(_ items: [DecodedValue]) -> (Int, Int)? {
        guard items.count > 1 else { return nil }
        for second in 1..<items.count {
            for first in 0..<second where equal(items[first], items[second]) {
                return (first, second)
            }
        }
        return nil
    }
}
