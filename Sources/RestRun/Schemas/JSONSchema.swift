/// A compiled JSON Schema, ready to validate any number of values, from any number of tasks.
package struct JSONSchema: Sendable {
    /// The schema's root.
    package let root: SchemaNode
    /// Whether evaluation keeps the dynamic scope (`$dynamicRef` somewhere in the schema).
    let usesDynamicScope: Bool

    init(root: SchemaNode, usesDynamicScope: Bool = true) {
        self.root = root
        self.usesDynamicScope = usesDynamicScope
    }

    /// Compiles the schema at `pointer` in `document` (and whatever it references, found by
    /// `load`); every mistake in the schemas is a diagnostic at its line.
    package static func compile(
        _ document: SchemaDocument, at pointer: String = "", rules: SchemaRules = SchemaRules(),
        load: @escaping SchemaCompiler.Loader = { _ throws(DiagnosticList) in nil }
    ) throws(DiagnosticList) -> JSONSchema {
        let compiler = SchemaCompiler(load: load)
        let root = compiler.compile(document, at: pointer, rules: rules)
        if !compiler.problems.isEmpty { throw DiagnosticList(compiler.problems) }
        return JSONSchema(root: root, usesDynamicScope: compiler.usesDynamicScope)
    }

    /// Whether `value` is valid; `assertsFormats` checks every `format` rest-run knows.
    package func isValid(_ value: DecodedValue, assertsFormats: Bool = false, direction: SchemaDirection = .any) -> Bool {
        var evaluator = SchemaEvaluator(recordsFailures: false, assertsFormats: assertsFormats, tracksScope: usesDynamicScope)
        evaluator.direction = direction
        return evaluator.evaluate(root, value, collect: false).valid
    }

    /// Why `value` is not valid: at most `limit` failures, the most specific (deepest in the
    /// value) first; none when it is valid.
    package func failures(
        _ value: DecodedValue, limit: Int = 5, assertsFormats: Bool = false, direction: SchemaDirection = .any
    ) -> [SchemaFailure] {
        guard !isValid(value, assertsFormats: assertsFormats, direction: direction) else { return [] }
        var evaluator = SchemaEvaluator(recordsFailures: true, assertsFormats: assertsFormats, tracksScope: usesDynamicScope)
        evaluator.direction = direction
        _ = evaluator.evaluate(root, value, collect: false)
        var seen: Set<String> = []
        let unique = evaluator.failures.filter { seen.insert($0.instancePath + " " + $0.keyword + " " + $0.message).inserted }
        let ordered = unique.enumerated().sorted { ($0.element.depth, -$0.offset) > ($1.element.depth, -$1.offset) }.map(\.element)
        if ordered.isEmpty {
            return [SchemaFailure(
                instancePath: "$", depth: 0, keyword: "schema", message: "the value does not match the schema",
                schemaLocation: root.location.description)]
        }
        return Array(ordered.prefix(limit))
    }
}
