import OrderedCollections

/// Compiles schema documents into a graph of `SchemaNode`s, once: registers every `$id`,
/// `$anchor` and `$dynamicAnchor`, loads the documents that `$ref`s name (through `load`, never
/// over the network), and resolves every reference. Mistakes in a schema are collected as
/// diagnostics at their line.
package final class SchemaCompiler {
    /// Finds a document by its URI (without fragment): a file next to the referring one, a
    /// built-in meta-schema, or, in tests, the suite's remotes. Nil when there is none; a thrown
    /// diagnostic when it exists but cannot be read.
    package typealias Loader = (SchemaURI) throws(DiagnosticList) -> SchemaDocument?

    /// Problems found so far.
    package private(set) var problems: [Diagnostic] = []
    /// Where each problem is: the document's name and the pointer in it.
    package private(set) var problemPlaces: [(document: String, pointer: String, location: SourceLocation?)] = []
    /// What was read another way than the dialect says, where its meaning is plain (a 3.1 spec's
    /// boolean `exclusiveMinimum`, read as 3.0 reads it): warnings, with `readsLegacyForms` only.
    package private(set) var warnings: [Diagnostic] = []
    /// Whether a schema in a newer dialect may use an older dialect's form where its meaning is
    /// plain (a published spec's), with a warning, rather than be refused.
    package var readsLegacyForms = false
    /// Whether any schema compiled has a `$dynamicRef`, so evaluation keeps the dynamic scope.
    package private(set) var usesDynamicScope = false

    private let load: Loader
    private var documents: [SchemaURI: SchemaDocument] = [:]
    private var resources: [SchemaURI: SchemaResource] = [:]
    private var nodes: [String: SchemaNode] = [:]
    private var pending: [SchemaReference] = []
    /// Nesting limit for schemas written inside schemas.
    private static let maximumDepth = 256

    /// A compiler that finds referenced documents with `load` (after the built-in meta-schemas).
    package init(load: @escaping Loader = { _ throws(DiagnosticList) in nil }) {
        self.load = load
    }

    /// Compiles `document`'s root (or the schema at `pointer` in it) under `rules`, and every
    /// schema it references. Problems are in `problems`.
    package func compile(_ document: SchemaDocument, at pointer: String = "", rules: SchemaRules) -> SchemaNode {
        add(document)
        let resource = resource(forDocument: document, rules: rules)
        let node: SchemaNode
        if pointer.isEmpty {
            node = compile(document.value, pointer: "", in: Context(document: document, base: document.uri, resource: resource, rules: rules), depth: 0)
        } else {
            node = compileTarget(pointer: pointer, in: resource, document: document)
        }
        resolvePending()
        return node
    }

    // MARK: Documents and resources

    private func add(_ document: SchemaDocument) {
        if documents[document.uri] == nil { documents[document.uri] = document }
    }

    /// The resource of a document's root, made when first asked for.
    private func resource(forDocument document: SchemaDocument, rules: SchemaRules) -> SchemaResource {
        if let existing = resources[document.uri], existing.documentURI == document.uri, existing.pointer.isEmpty {
            return existing
        }
        let resource = SchemaResource(uri: document.uri, documentURI: document.uri, pointer: "", rules: rules)
        resources[document.uri] = resource
        return resource
    }

    private struct Context {
        let document: SchemaDocument
        var base: SchemaURI
        var resource: SchemaResource
        var rules: SchemaRules
    }

    private func location(_ pointer: String, in document: SchemaDocument) -> SchemaLocation {
        SchemaLocation(document: document.displayName, pointer: pointer, source: document.locations[pointer])
    }

    private func problem(_ message: String, at pointer: String, in document: SchemaDocument) {
        let where_ = document.locations[pointer] == nil && !pointer.isEmpty ? " (at \(document.displayName)#\(pointer))" : ""
        problems.append(Diagnostic(message + where_, at: document.locations[pointer]))
        problemPlaces.append((document.displayName, pointer, document.locations[pointer]))
    }

    private func warning(_ message: String, at pointer: String, in document: SchemaDocument) {
        let where_ = document.locations[pointer] == nil && !pointer.isEmpty ? " (at \(document.displayName)#\(pointer))" : ""
        warnings.append(Diagnostic(message + where_, at: document.locations[pointer], severity: .warning))
    }

    // MARK: Compiling one schema

    private func compile(_ value: DecodedValue, pointer: String, in outer: Context, depth: Int) -> SchemaNode {
        let key = outer.document.uri.description + "#" + pointer
        if let existing = nodes[key] { return existing }
        var context = outer
        let here = location(pointer, in: context.document)
        guard depth < Self.maximumDepth else {
            problem("schemas are nested more than \(Self.maximumDepth) deep", at: pointer, in: context.document)
            return SchemaNode(location: here, resource: context.resource)
        }
        guard case let .object(members) = value else {
            let node = SchemaNode(location: here, resource: context.resource)
            nodes[key] = node
            if case let .bool(value) = value {
                node.constant = value
            } else {
                problem("a schema must be an object or a boolean, found \(value.phrase)", at: pointer, in: context.document)
            }
            return node
        }
        if let metaSchema = members["$schema"] {
            applyMetaSchema(metaSchema, pointer: pointer + "/$schema", to: &context)
        }
        let refOnly = members["$ref"] != nil && context.rules.dialect.refReplacesSiblings
        let newResource = refOnly ? nil : identify(members, pointer: pointer, context: &context)
        if let newResource { context.resource = newResource }
        let node = SchemaNode(location: here, resource: context.resource)
        nodes[key] = node
        if let newResource, newResource.root == nil { newResource.root = node }
        if context.resource.root == nil, context.resource.pointer == pointer { context.resource.root = node }
        registerAnchors(members, node: node, pointer: pointer, context: context)
        if let example = members["example"] {
            node.example = example
        } else if case let .array(examples)? = members["examples"], let first = examples.first {
            node.example = first
        } else if let value = members["default"] {
            node.example = value
        }

        compileKeywords(members, node: node, pointer: pointer, context: context, depth: depth, refOnly: refOnly)
        return node
    }

    /// The new resource `$id` starts at `pointer` (nil when it starts none), with the context's
    /// base URI moved to it.
    private func identify(_ members: OrderedDictionary<String, DecodedValue>, pointer: String, context: inout Context) -> SchemaResource? {
        guard context.rules.dialect != .openAPI30, let idValue = members["$id"] else { return nil }
        guard case let .string(id) = idValue else {
            problem("'$id' must be a string, found \(idValue.phrase)", at: pointer + "/$id", in: context.document)
            return nil
        }
        // draft-07's `#name` is a location-independent name, as `$anchor` is in later drafts.
        if context.rules.dialect == .draft7, id.hasPrefix("#") { return nil }
        let uri = context.base.resolving(id).withoutFragment
        context.base = uri
        if let existing = resources[uri], existing.documentURI == context.document.uri, existing.pointer == pointer { return existing }
        let resource = SchemaResource(uri: uri, documentURI: context.document.uri, pointer: pointer, rules: context.rules)
        resources[uri] = resource
        return resource
    }

    /// Compiles the keywords of the schema at `pointer` into `node`: references, assertions and
    /// every subschema.
    private func compileKeywords(
        _ members: OrderedDictionary<String, DecodedValue>, node: SchemaNode, pointer: String, context: Context, depth: Int, refOnly: Bool
    ) {
        func sub(_ name: String) -> SchemaNode? {
            members[name].map { compile($0, pointer: pointer + "/" + JSONPointer.escape(name), in: context, depth: depth + 1) }
        }
        func subList(_ name: String) -> [SchemaNode]? {
            guard let value = members[name] else { return nil }
            guard case let .array(items) = value, !items.isEmpty else {
                problem("'\(name)' must be a non-empty array of schemas, found \(value.phrase)", at: pointer + "/" + name, in: context.document)
                return nil
            }
            return items.enumerated().map { index, item in
                compile(item, pointer: pointer + "/\(name)/\(index)", in: context, depth: depth + 1)
            }
        }
        func subMap(_ name: String) -> [(String, SchemaNode)]? {
            guard let value = members[name] else { return nil }
            guard case let .object(entries) = value else {
                problem("'\(name)' must be an object of schemas, found \(value.phrase)", at: pointer + "/" + name, in: context.document)
                return nil
            }
            return entries.map { key, item in
                (key, compile(item, pointer: pointer + "/\(JSONPointer.escape(name))/\(JSONPointer.escape(key))", in: context, depth: depth + 1))
            }
        }

        // Reusable schemas: compiled so their identifiers and anchors are known.
        _ = subMap(context.rules.dialect.definitionsKeyword)
        if let reference = members["$ref"] {
            if let uri = referenceURI(reference, name: "$ref", pointer: pointer, context: context) {
                let slot = SchemaReference(uri: uri, location: location(pointer + "/$ref", in: context.document), rules: context.rules)
                pending.append(slot)
                node.keywords.append(.reference(slot))
            }
            if refOnly { return }
        }
        let dialect = context.rules.dialect
        if dialect == .draft2020_12, let reference = members["$dynamicRef"],
           let uri = referenceURI(reference, name: "$dynamicRef", pointer: pointer, context: context) {
            let slot = SchemaReference(uri: uri, location: location(pointer + "/$dynamicRef", in: context.document), rules: context.rules)
            if let name = uri.decodedFragment, !name.isEmpty, !name.hasPrefix("/") { slot.dynamicAnchor = name }
            usesDynamicScope = true
            pending.append(slot)
            node.keywords.append(.dynamicReference(slot))
        }
        if context.rules.validates {
            compileValidation(members, node: node, pointer: pointer, context: context)
        }
        if let format = members["format"], case let .string(name) = format {
            node.keywords.append(.format(name, asserted: context.rules.assertsFormats))
        }
        if let schemas = subList("allOf") { node.keywords.append(.allOf(schemas)) }
        if let schemas = subList("anyOf") { node.keywords.append(.anyOf(schemas)) }
        if let schemas = subList("oneOf") { node.keywords.append(.oneOf(schemas)) }
        if let schema = sub("not") { node.keywords.append(.not(schema)) }
        if dialect != .openAPI30 {
            // `then` and `else` are compiled even without `if`: their identifiers still count.
            let then = sub("then"), otherwise = sub("else")
            if let condition = sub("if") { node.keywords.append(.conditional(if: condition, then: then, else: otherwise)) }
        }
        // draft-07's `dependencies`; draft 2020-12 validators keep reading it too, for old schemas.
        if dialect != .openAPI30, let dependencies = members["dependencies"], case let .object(entries) = dependencies {
            var required: [(String, [String])] = []
            var schemas: [(String, SchemaNode)] = []
            for (key, value) in entries {
                if case let .array(names) = value {
                    required.append((key, names.compactMap(\.stringValue)))
                } else {
                    schemas.append((key, compile(value, pointer: pointer + "/dependencies/" + JSONPointer.escape(key), in: context, depth: depth + 1)))
                }
            }
            if context.rules.validates, !required.isEmpty { node.keywords.append(.dependentRequired(required)) }
            if !schemas.isEmpty { node.keywords.append(.dependentSchemas(schemas)) }
        }
        if dialect == .draft2020_12, let schemas = subMap("dependentSchemas") { node.keywords.append(.dependentSchemas(schemas)) }
        compileItems(members, node: node, pointer: pointer, context: context, depth: depth, sub: sub)
        if let contained = sub("contains") {
            var minimum = 1
            var maximum: Int?
            if dialect == .draft2020_12, context.rules.validates {
                minimum = count(members["minContains"], "minContains", pointer: pointer, context: context) ?? 1
                maximum = count(members["maxContains"], "maxContains", pointer: pointer, context: context)
            }
            node.keywords.append(.contains(contained, minimum: minimum, maximum: maximum))
        }
        compileMembers(node: node, pointer: pointer, context: context, sub: sub, subMap: subMap)
        if let names = sub("propertyNames") { node.keywords.append(.propertyNames(names)) }
        if dialect == .draft2020_12 {
            node.unevaluatedItems = sub("unevaluatedItems")
            node.unevaluatedProperties = sub("unevaluatedProperties")
        }
    }

    /// `properties`, `patternProperties` and `additionalProperties`, as one keyword.
    private func compileMembers(
        node: SchemaNode, pointer: String, context: Context, sub: (String) -> SchemaNode?, subMap: (String) -> [(String, SchemaNode)]?
    ) {
        let properties = subMap("properties")
        var patterns: [(TextPattern, SchemaNode)] = []
        for (source, schema) in subMap("patternProperties") ?? [] {
            if let pattern = compilePattern(source, at: pointer + "/patternProperties/" + JSONPointer.escape(source), context: context) {
                patterns.append((pattern, schema))
            }
        }
        let additional = sub("additionalProperties")
        if properties != nil || !patterns.isEmpty || additional != nil {
            node.keywords.append(.members(
                properties: SchemaProperties(properties ?? []), patterns: patterns, additional: additional))
        }
    }

    private func compileItems(
        _ members: OrderedDictionary<String, DecodedValue>, node: SchemaNode, pointer: String, context: Context, depth: Int,
        sub: (String) -> SchemaNode?
    ) {
        var prefix: [SchemaNode] = []
        var rest: SchemaNode?
        var restKeyword = "items"
        switch context.rules.dialect {
        case .draft2020_12:
            if let value = members["prefixItems"], case let .array(items) = value {
                prefix = items.enumerated().map { compile($1, pointer: pointer + "/prefixItems/\($0)", in: context, depth: depth + 1) }
            }
            rest = sub("items")
        case .draft7, .openAPI30:
            if let value = members["items"], case let .array(items) = value {
                prefix = items.enumerated().map { compile($1, pointer: pointer + "/items/\($0)", in: context, depth: depth + 1) }
                rest = sub("additionalItems")
                restKeyword = "additionalItems"
            } else {
                rest = sub("items")
            }
        }
        if !prefix.isEmpty || rest != nil {
            node.keywords.append(.items(prefix: prefix, rest: rest, restKeyword: restKeyword))
        }
    }

    /// `minimum`, `maximum` and their exclusive forms, as the dialect reads them (and, with
    /// `readsLegacyForms`, a 3.1 spec's boolean forms as 3.0 reads them, with a warning).
    private func compileBounds(
        _ members: OrderedDictionary<String, DecodedValue>, node: SchemaNode, dialect: SchemaDialect, number: (String) -> Double?,
        pointer: String, context: Context
    ) {
        switch dialect {
        case .openAPI30:
            if let maximum = number("maximum") { node.keywords.append(.maximum(maximum, exclusive: members["exclusiveMaximum"] == .bool(true))) }
            if let minimum = number("minimum") { node.keywords.append(.minimum(minimum, exclusive: members["exclusiveMinimum"] == .bool(true))) }
        case .draft2020_12, .draft7:
            for (bound, exclusiveName, isMaximum) in [("maximum", "exclusiveMaximum", true), ("minimum", "exclusiveMinimum", false)] {
                func append(_ limit: Double, exclusive: Bool) {
                    node.keywords.append(isMaximum ? .maximum(limit, exclusive: exclusive) : .minimum(limit, exclusive: exclusive))
                }
                let limit = number(bound)
                if readsLegacyForms, case let .bool(flag)? = members[exclusiveName] {
                    // OpenAPI 3.0's boolean, in a 3.1 spec: true makes the bound exclusive.
                    let reading = flag && limit != nil ? "read as '\(exclusiveName): \(limit.map { DecodedValue.number($0).jsonText } ?? "")'" : "ignored"
                    warning("'\(exclusiveName): \(flag)' is OpenAPI 3.0's form, not JSON Schema's: \(reading)", at: pointer + "/" + exclusiveName, in: context.document)
                    if let limit { append(limit, exclusive: flag) }
                } else {
                    if let limit { append(limit, exclusive: false) }
                    if let exclusive = number(exclusiveName) { append(exclusive, exclusive: true) }
                }
            }
        }
    }

    private func compileValidation(_ members: OrderedDictionary<String, DecodedValue>, node: SchemaNode, pointer: String, context: Context) {
        let dialect = context.rules.dialect
        func number(_ name: String) -> Double? {
            guard let value = members[name] else { return nil }
            guard let number = value.doubleValue else {
                problem("'\(name)' must be a number, found \(value.phrase)", at: pointer + "/" + name, in: context.document)
                return nil
            }
            return number
        }
        func integer(_ name: String) -> Int? { count(members[name], name, pointer: pointer, context: context) }

        if let value = members["type"] {
            let nullable = dialect == .openAPI30 && members["nullable"] == .bool(true)
            let known: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]
            var names: [String] = []
            switch value {
            case let .string(name): names = [name]
            case let .array(items): names = items.compactMap(\.stringValue)
            default: break
            }
            if names.isEmpty || names.contains(where: { !known.contains($0) }) {
                let wrong = names.first { !known.contains($0) }
                let hint = wrong.flatMap { Suggestion.closest(to: $0, in: known.sorted()) }.map { " (did you mean '\($0)'?)" } ?? ""
                problem(
                    "'type' must be one of \(known.sorted().joined(separator: ", ")) (or a list of them), found \(value.phrase)\(hint)",
                    at: pointer + "/type", in: context.document)
            } else {
                node.keywords.append(.type(names, nullable: nullable))
            }
        } else if dialect == .openAPI30, members["nullable"] == .bool(false) {
            // `nullable: false` without a type changes nothing.
        }
        if let value = members["enum"] {
            if case let .array(items) = value {
                node.keywords.append(.enumeration(dialect == .openAPI30 && members["nullable"] == .bool(true) ? items + [.null] : items))
            } else {
                problem("'enum' must be an array, found \(value.phrase)", at: pointer + "/enum", in: context.document)
            }
        }
        if dialect != .openAPI30, let value = members["const"] { node.keywords.append(.constant(value)) }
        if let divisor = number("multipleOf") {
            if divisor > 0 {
                node.keywords.append(.multipleOf(divisor))
            } else {
                problem("'multipleOf' must be greater than 0, found \(divisor)", at: pointer + "/multipleOf", in: context.document)
            }
        }
        compileBounds(members, node: node, dialect: dialect, number: number, pointer: pointer, context: context)
        if let value = integer("maxLength") { node.keywords.append(.maxLength(value)) }
        if let value = integer("minLength") { node.keywords.append(.minLength(value)) }
        if let value = members["pattern"] {
            if case let .string(source) = value, let pattern = compilePattern(source, at: pointer + "/pattern", context: context) {
                node.keywords.append(.pattern(pattern))
            } else if value.stringValue == nil {
                problem("'pattern' must be a string, found \(value.phrase)", at: pointer + "/pattern", in: context.document)
            }
        }
        if let value = integer("maxItems") { node.keywords.append(.maxItems(value)) }
        if let value = integer("minItems") { node.keywords.append(.minItems(value)) }
        if members["uniqueItems"] == .bool(true) { node.keywords.append(.uniqueItems) }
        if let value = integer("maxProperties") { node.keywords.append(.maxProperties(value)) }
        if let value = integer("minProperties") { node.keywords.append(.minProperties(value)) }
        if let value = members["required"] {
            if case let .array(items) = value, items.allSatisfy({ $0.stringValue != nil }) {
                var readOnly: Set<String> = [], writeOnly: Set<String> = []
                if case let .object(properties)? = members["properties"] {
                    for (name, property) in properties {
                        guard case let .object(fields) = property else { continue }
                        if fields["readOnly"] == .bool(true) { readOnly.insert(name) }
                        if fields["writeOnly"] == .bool(true) { writeOnly.insert(name) }
                    }
                }
                if !items.isEmpty {
                    node.keywords.append(.required(items.compactMap(\.stringValue), readOnly: readOnly, writeOnly: writeOnly))
                }
            } else {
                problem("'required' must be an array of property names, found \(value.phrase)", at: pointer + "/required", in: context.document)
            }
        }
        if dialect == .draft2020_12, let value = members["dependentRequired"], case let .object(entries) = value {
            node.keywords.append(.dependentRequired(entries.map { key, names in (key, names.arrayValue.compactMap(\.stringValue)) }))
        }
    }

    /// A non-negative whole number (`2.0` counts as 2).
    private func count(_ value: DecodedValue?, _ name: String, pointer: String, context: Context) -> Int? {
        guard let value else { return nil }
        if let number = value.doubleValue, number >= 0, number.rounded() == number, number < 1e15 { return Int(number) }
        problem("'\(name)' must be a whole number of 0 or more, found \(value.phrase)", at: pointer + "/" + name, in: context.document)
        return nil
    }

    private func compilePattern(_ source: String, at pointer: String, context: Context) -> TextPattern? {
        do {
            return try TextPattern(source, linearForm: TextPattern.ecmaLinearForm(source))
        } catch {
            problem("'\(source)' is not a regular expression rest-run can use", at: pointer, in: context.document)
            return nil
        }
    }

    private func referenceURI(_ value: DecodedValue, name: String, pointer: String, context: Context) -> SchemaURI? {
        guard case let .string(text) = value else {
            problem("'\(name)' must be a string, found \(value.phrase)", at: pointer + "/" + name, in: context.document)
            return nil
        }
        return context.base.resolving(text)
    }

    private func registerAnchors(_ members: OrderedDictionary<String, DecodedValue>, node: SchemaNode, pointer: String, context: Context) {
        switch context.rules.dialect {
        case .draft2020_12:
            if case let .string(name)? = members["$anchor"] { context.resource.anchors[name] = node }
            if case let .string(name)? = members["$dynamicAnchor"] {
                context.resource.anchors[name] = node
                context.resource.dynamicAnchors[name] = node
            }
        case .draft7:
            guard members["$ref"] == nil, case let .string(id)? = members["$id"] else { return }
            if id.hasPrefix("#") {
                context.resource.anchors[String(id.dropFirst())] = node
            } else if let fragment = SchemaURI(id).fragment, !fragment.isEmpty, !fragment.hasPrefix("/") {
                context.resource.anchors[fragment] = node
            }
        case .openAPI30:
            break
        }
    }

    /// Applies a `$schema`: a dialect rest-run knows, or a meta-schema whose `$vocabulary` says
    /// whether the validation keywords apply.
    private func applyMetaSchema(_ value: DecodedValue, pointer: String, to context: inout Context) {
        guard case let .string(uri) = value else { return }
        if let dialect = SchemaDialect(metaSchema: uri) {
            context.rules.dialect = dialect
            context.rules.validates = true
            return
        }
        let target = SchemaURI(uri).withoutFragment
        guard let metaSchema = try? document(at: target), case let .object(members) = metaSchema.value else { return }
        if case let .string(outer)? = members["$schema"], let dialect = SchemaDialect(metaSchema: outer) {
            context.rules.dialect = dialect
        }
        if case let .object(vocabularies)? = members["$vocabulary"] {
            context.rules.validates = vocabularies.keys.contains { $0.hasSuffix("/vocab/validation") }
            if vocabularies.keys.contains(where: { $0.hasSuffix("/vocab/format-assertion") }) { context.rules.assertsFormats = true }
        }
    }

    // MARK: References

    private func document(at uri: SchemaURI) throws(DiagnosticList) -> SchemaDocument? {
        if let known = documents[uri] { return known }
        if let builtIn = MetaSchemas.document(for: uri) {
            documents[uri] = builtIn
            return builtIn
        }
        if let found = try load(uri) {
            documents[uri] = found
            return found
        }
        return nil
    }

    private func resolvePending() {
        while let reference = pending.popLast() {
            do {
                reference.target = try resolve(reference)
                if let name = reference.dynamicAnchor, reference.target?.resource.dynamicAnchors[name] !== reference.target {
                    reference.dynamicAnchor = nil
                }
            } catch {
                problems.append(contentsOf: error.diagnostics)
            }
        }
    }

    private func resolve(_ reference: SchemaReference) throws(DiagnosticList) -> SchemaNode {
        let uri = reference.uri
        let resourceURI = uri.withoutFragment
        var found = resources[resourceURI]
        if found == nil {
            guard let document = try document(at: resourceURI) else {
                throw DiagnosticList([Diagnostic(
                    "'\(uri.displayText)' does not lead to a schema: no file or schema has that URI (rest-run never fetches schemas over the network)",
                    at: reference.location.source)])
            }
            // A document without `$schema` follows the rules of the schema that referenced it.
            var rules = reference.rules
            rules.validates = true
            let root = resource(forDocument: document, rules: rules)
            _ = compile(document.value, pointer: "", in: Context(document: document, base: document.uri, resource: root, rules: rules), depth: 0)
            found = resources[resourceURI]
        }
        guard let resource = found, let document = documents[resource.documentURI] else {
            throw DiagnosticList([Diagnostic("'\(uri.displayText)' does not lead to a schema", at: reference.location.source)])
        }
        let fragment = uri.decodedFragment ?? ""
        if fragment.isEmpty {
            return resource.root ?? compileTarget(pointer: resource.pointer, in: resource, document: document)
        }
        if fragment.hasPrefix("/") {
            guard document.value(at: resource.pointer + fragment) != nil else {
                throw DiagnosticList([Diagnostic("'\(uri.displayText)' does not lead to a schema: nothing is at '\(fragment)'", at: reference.location.source)])
            }
            return compileTarget(pointer: resource.pointer + fragment, in: resource, document: document)
        }
        guard let node = resource.anchors[fragment] else {
            let known = resource.anchors.keys.sorted()
            throw DiagnosticList([Diagnostic(
                "'\(uri.displayText)' does not lead to a schema: no anchor '\(fragment)'" + (known.isEmpty ? "" : " (anchors: \(known.joined(separator: ", ")))"),
                at: reference.location.source)])
        }
        return node
    }

    /// The schema at `pointer` in `document` (inside `resource`), compiled if it was not yet: a
    /// reference may point anywhere, even into a keyword rest-run does not know.
    private func compileTarget(pointer: String, in resource: SchemaResource, document: SchemaDocument) -> SchemaNode {
        if let existing = nodes[document.uri.description + "#" + pointer] { return existing }
        let value = document.value(at: pointer) ?? .bool(true)
        // The base URI at `pointer`: the resource's, changed by any `$id` on the way down.
        var base = resource.uri
        var current = resource
        if let tokens = JSONPointer.tokens(String(pointer.dropFirst(resource.pointer.count))) {
            var walked = resource.pointer
            var node = document.value(at: walked)
            for token in tokens.dropLast() {
                walked += "/" + JSONPointer.escape(token)
                guard let next = node.flatMap({ JSONPointer.resolve("/" + JSONPointer.escape(token), in: $0) }) else { break }
                node = next
                if resource.rules.dialect != .openAPI30, case let .object(members) = next, case let .string(id)? = members["$id"], !id.hasPrefix("#") {
                    base = base.resolving(id).withoutFragment
                    if let known = resources[base] { current = known }
                }
            }
        }
        let node = compile(value, pointer: pointer, in: Context(document: document, base: base, resource: current, rules: current.rules), depth: 0)
        resolvePending()
        return node
    }
}

extension DecodedValue {
    /// The items, if this is an array; otherwise none.
    var arrayValue: [DecodedValue] {
        if case let .array(items) = self { return items }
        return []
    }
}
