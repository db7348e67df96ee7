import OrderedCollections
import RestRunYAML

/// The state of loading one file: its text, its diagnostics so far, and the small readers that
/// turn nodes into values or report, at the node, what was expected instead.
final class LoadContext {
    let source: SourceText
    let templateParser: TemplateParser
    /// The run's compiled schemas.
    let schemas: SchemaLibrary
    private(set) var diagnostics: [Diagnostic] = []
    /// The JSONPaths read so far, by their text: most files check the same few paths many times.
    var parsedPaths: [String: JSONPath] = [:]

    init(source: SourceText, templateParser: TemplateParser, schemas: SchemaLibrary = SchemaLibrary()) {
        self.source = source
        self.templateParser = templateParser
        self.schemas = schemas
    }

    func location(_ node: Node) -> SourceLocation { source.location(node.mark) }

    func error(_ message: String, at node: Node, notes: [String] = []) {
        diagnostics.append(Diagnostic(message, at: location(node), notes: notes))
    }

    func append(_ diagnostics: [Diagnostic]) { self.diagnostics += diagnostics }

    /// Adds the diagnostics of a file read because of `node` (a schema, a spec, a flow, a data
    /// file): one without a place is put at `node`; one in another file gets the note
    /// `because` followed by `node`'s place, so both ends of the reference are shown.
    func append(_ list: DiagnosticList, readFor node: Node, because: String? = nil) {
        let here = location(node)
        diagnostics += list.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location == nil {
                diagnostic.location = here
            } else if let because, diagnostic.location?.file != here.file {
                diagnostic.notes.append("\(because) \(here.file):\(here.line):\(here.column)")
            }
            return diagnostic
        }
    }

    /// The entries of a mapping whose keys are all in `allowed`; others are reported with a
    /// did-you-mean. `ignoresExtensions` skips `x-` keys (a home for YAML anchors).
    func mapping(
        _ node: Node, _ what: String, allowed: [String], ignoresExtensions: Bool = false
    ) -> [(key: String, node: Node, keyNode: Node)]? {
        entries(node, what, keysAre: "plain names") { key, keyNode in
            isAllowed(key, at: keyNode, in: what, allowed: allowed, ignoresExtensions: ignoresExtensions)
        }
    }

    /// Whether `key` is one of `allowed`; if not, it is reported with a did-you-mean (`x-` keys
    /// are skipped without a word when `ignoresExtensions`).
    func isAllowed(_ key: String, at keyNode: Node, in what: String, allowed: [String], ignoresExtensions: Bool = false) -> Bool {
        if ignoresExtensions, key.utf8.starts(with: "x-".utf8) { return false }
        guard allowed.contains(key) else {
            var message = "unknown key '\(key)' in \(what)"
            if let suggestion = Suggestion.closest(to: key, in: allowed) { message += " (did you mean '\(suggestion)'?)" }
            error(message, at: keyNode, notes: ["allowed keys: " + allowed.joined(separator: ", ")])
            return false
        }
        return true
    }

    /// Entries of a mapping with any keys (headers, variables, JSONPaths), or those `keeps` keeps.
    func entries(
        _ node: Node, _ what: String, keysAre kind: String = "scalars", keeps: (String, Node) -> Bool = { _, _ in true }
    ) -> [(key: String, node: Node, keyNode: Node)]? {
        var result: [(key: String, node: Node, keyNode: Node)] = []
        let isMapping = forEachEntry(node, what, keysAre: kind) { key, value, keyNode in
            if keeps(key, keyNode) { result.append((key, value, keyNode)) }
        }
        return isMapping ? result : nil
    }

    /// Calls `visit` with each entry of a mapping whose key is a scalar (other keys are reported),
    /// with no array of entries made: the readers of every request's mappings use this. Whether
    /// `node` is a mapping (or null, which has no entries); if not, that is reported.
    @discardableResult
    func forEachEntry(
        _ node: Node, _ what: @autoclosure () -> String, keysAre kind: String = "scalars",
        _ visit: (_ key: String, _ value: Node, _ keyNode: Node) -> Void
    ) -> Bool {
        guard let pairs = node.pairs else {
            if node.isNull { return true }
            error("\(what()) must be a mapping, found \(node.kindDescription)", at: node)
            return false
        }
        for pair in pairs {
            guard let key = pair.key.scalarText else {
                error("keys of \(what()) must be \(kind), found \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            visit(key, pair.value, pair.key)
        }
        return true
    }

    /// The scalar with its `${NAME}` references read from the environment (and `--var`/`--secret`),
    /// for every key that is read when the file loads rather than when a request is sent; `{{name}}`
    /// stays as written. Other nodes are returned as they are.
    func expanded(_ node: Node) -> Node {
        guard case let .scalar(text, style) = node.content, text.containsByte(UInt8(ascii: "$")),
              TemplateParser.mayHoldPlaceholders(text)
        else { return node }
        let template = parseTemplate(text, node: node)
        return Node(scalar: template.description, style: style, mark: node.mark, tag: node.tag)
    }

    func string(_ node: Node, _ what: String) -> String? {
        let node = expanded(node)
        guard case let .scalar(text, _) = node.content, !node.isNull else {
            error("\(what) must be a string, found \(node.kindDescription)", at: node)
            return nil
        }
        return text
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        let node = expanded(node)
        guard case let .bool(value)? = node.scalarValue else {
            error("\(what) must be true or false, found \(node.kindDescription)", at: node)
            return nil
        }
        return value
    }

    func integer(_ node: Node, _ what: String, minimum: Int = Int.min) -> Int? {
        let node = expanded(node)
        guard case let .integer(value)? = node.scalarValue else {
            error("\(what) must be a whole number, found \(node.kindDescription)", at: node)
            return nil
        }
        guard value >= minimum else {
            error("\(what) must be at least \(minimum), found \(value)", at: node)
            return nil
        }
        return value
    }

    func duration(_ node: Node, _ what: String) -> Duration? {
        parsed(node, what, expectation: DurationText.expectation, DurationText.parse)
    }

    func size(_ node: Node, _ what: String) -> Int? {
        parsed(node, what, expectation: ByteCount.expectation, ByteCount.parse)
    }

    /// A scalar read with `parse` (`5s`, `10MB`), or an error saying what was expected.
    private func parsed<Value>(_ node: Node, _ what: String, expectation: String, _ parse: (String) -> Value?) -> Value? {
        let node = expanded(node)
        guard let text = node.scalarText, !node.isNull, let value = parse(text) else {
            error("\(what) must be \(expectation), found '\(node.scalarText ?? node.kindDescription)'", at: node)
            return nil
        }
        return value
    }

    /// A scalar as a template (numbers and booleans as written).
    func template(_ node: Node, _ what: String) -> Template? {
        guard case let .scalar(text, _) = node.content, !node.isNull else {
            error("\(what) must be a string, found \(node.kindDescription)", at: node)
            return nil
        }
        return parseTemplate(text, node: node)
    }

    func parseTemplate(_ text: String, node: Node) -> Template {
        let (template, problems) = templateParser.parse(text, origin: TemplateParser.Provenance(source: source, node: node))
        diagnostics += problems
        return template
    }

    /// Any YAML value; strings may hold templates.
    func valueTemplate(_ node: Node) -> ValueTemplate {
        switch node.content {
        case .scalar:
            switch node.scalarValue ?? .null {
            case .null: return .value(.null)
            case let .bool(value): return .value(.bool(value))
            case let .integer(value): return .value(.integer(value))
            case let .float(value): return .value(.number(value))
            case let .string(text):
                // Most strings hold no placeholder: they are values, with no template made first.
                guard TemplateParser.mayHoldPlaceholders(text) else { return .value(.string(text)) }
                let template = parseTemplate(text, node: node)
                if let literal = template.literalText { return .value(.string(literal)) }
                return .template(template)
            }
        case let .sequence(items):
            var values: [ValueTemplate] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(valueTemplate(item)) }
            if values.allSatisfy({ if case .value = $0 { true } else { false } }) {
                return .value(.array(values.map(\.sourceValue)))
            }
            return .array(values)
        case let .mapping(pairs):
            // Keys and values in two arrays, made a dictionary once: the YAML parser has refused
            // most duplicates already, and the rest (`1` and `"1"`) are found here.
            var keys: [String] = []
            var values: [ValueTemplate] = []
            keys.reserveCapacity(pairs.count)
            values.reserveCapacity(pairs.count)
            var seen: Set<String>? = pairs.count > 16 ? Set(minimumCapacity: pairs.count) : nil
            var allLiteral = true
            for pair in pairs {
                guard let key = pair.key.scalarText else {
                    error("JSON object keys must be strings, found \(pair.key.kindDescription)", at: pair.key)
                    continue
                }
                let value = valueTemplate(pair.value)
                if case .value = value {} else { allLiteral = false }
                let isNew = seen != nil ? seen?.insert(key).inserted == true : !keys.contains(key)
                if isNew {
                    keys.append(key)
                    values.append(value)
                } else {
                    error("duplicate key '\(key)'", at: pair.key)
                    if let index = keys.firstIndex(of: key) { values[index] = value }
                }
            }
            if allLiteral { return .value(.object(OrderedDictionary(uncheckedUniqueKeys: keys, values: values.map(\.sourceValue)))) }
            return .object(OrderedDictionary(uncheckedUniqueKeys: keys, values: values))
        }
    }
}
