import OrderedCollections

/// An OpenAPI 3.0 or 3.1 document, read once: its operations with their schemas compiled (3.0's
/// schema dialect, or 3.1's JSON Schema 2020-12), and the base paths of its servers.
package final class OpenAPISpec: Sendable {
    /// The spec's path as the user wrote it.
    package let path: String
    /// `3.0.3`, `3.1.0`, ...
    package let version: String
    /// The path prefixes its `servers` give (`/v1`), longest first.
    package let basePaths: [String]
    /// Every operation, in the order the spec writes them.
    package let operations: [OpenAPIOperation]
    /// The first server's URL as the spec writes it (its variables at their defaults).
    package let firstServer: String?
    /// What a lenient load let pass: each place that breaks the letter of OpenAPI, and each
    /// operation left out for one, at its line.
    package let warnings: [Diagnostic]
    /// The operations a lenient load left out, and why.
    let leftOut: [(operation: OpenAPIOperation, reason: String)]

    init(
        path: String, version: String, basePaths: [String], operations: [OpenAPIOperation], firstServer: String? = nil,
        warnings: [Diagnostic] = [], leftOut: [(operation: OpenAPIOperation, reason: String)] = []
    ) {
        self.path = path
        self.version = version
        self.basePaths = basePaths
        self.operations = operations
        self.firstServer = firstServer
        self.warnings = warnings
        self.leftOut = leftOut
    }

    /// The operation a request goes to: the method, and the path (with a server's base path, or
    /// `basePath`, taken off) matched against the templates, most literal match first.
    package func operation(method: String, url: String, basePath: String?) -> (operation: OpenAPIOperation, parameters: [String: String])? {
        operation(method: method, url: url, basePath: basePath, among: operations)
    }

    /// Why the operation a request goes to was left out of a lenient load, if it was.
    package func reasonLeftOut(method: String, url: String, basePath: String?) -> String? {
        guard let (operation, _) = operation(method: method, url: url, basePath: basePath, among: leftOut.map(\.operation)) else { return nil }
        return leftOut.first { $0.operation.name == operation.name }.map { "\(operation.name) is left out of \(path): \($0.reason)" }
    }

    private func operation(
        method: String, url: String, basePath: String?, among operations: [OpenAPIOperation]
    ) -> (operation: OpenAPIOperation, parameters: [String: String])? {
        let path = URLParts.path(of: url)
        var candidates = basePaths.filter { !$0.isEmpty && (path == $0 || path.hasPrefix($0 + "/")) }.map { String(path.dropFirst($0.count)) }
        if let basePath, !basePath.isEmpty, path.hasPrefix(basePath) { candidates.append(String(path.dropFirst(basePath.count))) }
        candidates.append(path)
        for candidate in candidates {
            let segments = candidate.split(separator: "/", omittingEmptySubsequences: true).map { URLBuilder.decode(String($0)) }
            var best: (operation: OpenAPIOperation, parameters: [String: String], score: Int)?
            for operation in operations where operation.method == method {
                if let (score, parameters) = operation.template.match(segments), score > (best?.score ?? -1) {
                    best = (operation, parameters, score)
                }
            }
            if let best { return (best.operation, best.parameters) }
        }
        return nil
    }

    /// Whether this spec's path and method know anything like `path` (for a did-you-mean).
    package func closestOperation(to method: String, _ path: String) -> String? {
        Suggestion.closest(to: "\(method) \(path)", in: operations.map(\.name))
    }

    // MARK: Loading

    /// Reads the spec at `path` (relative to the working directory), follows its `$ref`s (across
    /// files too) and compiles every schema; every mistake is a diagnostic at its line. `strict`
    /// refuses the spec for any mistake. Without it (what `import`, `mock` and `fuzz` do, as
    /// Schemathesis does), a published spec that breaks the letter of OpenAPI in a few places
    /// loads: a 3.1 spec's boolean `exclusiveMinimum` is read as 3.0 reads it, each other mistake
    /// leaves out the operations it touches, and both are `warnings`; a spec with no sound
    /// operation left is still refused.
    package static func load(path: String, strict: Bool = true) throws(DiagnosticList) -> OpenAPISpec {
        let uri = SchemaLibrary.fileURI(path)
        guard let document = try SchemaLibrary.loadDocument(uri) else {
            throw DiagnosticList([Diagnostic("cannot read the OpenAPI spec '\(path)'")])
        }
        let reader = OpenAPIReader(root: document, strict: strict)
        return try reader.read(path: FileSystem.displayPath(path))
    }
}

/// Reads an OpenAPI document's objects, following `$ref`s, and compiles its schemas with one
/// compiler, so that shared components are compiled once.
private final class OpenAPIReader {
    let root: SchemaDocument
    var documents: [SchemaURI: SchemaDocument] = [:]
    var problems: [Diagnostic] = []
    var rules = SchemaRules(dialect: .openAPI30, assertsFormats: false)
    let compiler = SchemaCompiler(load: SchemaLibrary.loadDocument)
    let strict: Bool

    init(root: SchemaDocument, strict: Bool) {
        self.root = root
        self.strict = strict
        compiler.readsLegacyForms = !strict
        documents[root.uri] = root
    }

    /// A value and where it is.
    struct Place {
        var value: DecodedValue
        var document: SchemaDocument
        var pointer: String

        var members: OrderedObject { if case let .object(members) = value { return members } else { return [:] } }
        func location() -> SourceLocation? { document.locations[pointer] }
        func child(_ key: String) -> Place? {
            members[key].map { Place(value: $0, document: document, pointer: pointer + "/" + JSONPointer.escape(key)) }
        }
    }

    typealias OrderedObject = OrderedDictionary<String, DecodedValue>

    func problem(_ message: String, at place: Place) {
        let location = place.location()
        problems.append(Diagnostic(location == nil ? "\(message) (at \(place.document.displayName)#\(place.pointer))" : message, at: location))
    }

    /// The object `place` holds, with `$ref` chains followed.
    func resolved(_ place: Place) -> Place? {
        var current = place
        for _ in 0..<32 {
            guard case let .string(reference)? = current.members["$ref"] else { return current }
            let target = current.document.uri.resolving(reference)
            let documentURI = target.withoutFragment
            var document = documents[documentURI]
            if document == nil {
                do {
                    document = try SchemaLibrary.loadDocument(documentURI)
                } catch {
                    problems.append(contentsOf: error.diagnostics)
                    return nil
                }
                documents[documentURI] = document
            }
            let pointer = target.decodedFragment ?? ""
            guard let document, let value = document.value(at: pointer) else {
                problem("'\(reference)' does not lead anywhere", at: current.child("$ref") ?? current)
                return nil
            }
            current = Place(value: value, document: document, pointer: pointer)
        }
        problem("'$ref' goes round in a circle", at: place)
        return nil
    }

    func schema(_ place: Place?) -> JSONSchema? {
        guard let place else { return nil }
        let node = compiler.compile(place.document, at: place.pointer, rules: rules)
        return JSONSchema(root: node, usesDynamicScope: compiler.usesDynamicScope)
    }

    func read(path: String) throws(DiagnosticList) -> OpenAPISpec {
        let top = Place(value: root.value, document: root, pointer: "")
        guard case .object = top.value else {
            throw DiagnosticList([Diagnostic("'\(path)' is not an OpenAPI document: it is not a mapping", at: top.location())])
        }
        guard case let .string(version)? = top.members["openapi"] else {
            let swagger = top.members["swagger"] != nil
            throw DiagnosticList([Diagnostic(
                swagger ? "'\(path)' is Swagger 2.0: rest-run reads OpenAPI 3.0 and 3.1 (convert it, e.g. with swagger2openapi)"
                    : "'\(path)' is not an OpenAPI document: it has no 'openapi' version", at: top.location())])
        }
        if version.hasPrefix("3.1") {
            rules.dialect = .draft2020_12
            if case let .string(dialect)? = top.members["jsonSchemaDialect"], let known = SchemaDialect(metaSchema: dialect) {
                rules.dialect = known
            }
        } else if !version.hasPrefix("3.0") {
            throw DiagnosticList([Diagnostic(
                "'\(path)' is OpenAPI \(version): rest-run reads OpenAPI 3.0 and 3.1", at: top.child("openapi")?.location())])
        }
        var basePaths: [String] = []
        var firstServer: String?
        if case let .array(servers)? = top.members["servers"] {
            for server in servers {
                guard case let .object(fields) = server, case var .string(url)? = fields["url"] else { continue }
                if case let .object(variables)? = fields["variables"] {
                    for (name, variable) in variables {
                        if case let .object(spec) = variable, case let .string(value)? = spec["default"] {
                            url = url.replacing("{\(name)}", with: value)
                        }
                    }
                }
                if firstServer == nil { firstServer = url }
                var base = URLBuilder.isAbsolute(url) ? URLParts.path(of: url) : url
                while base.hasSuffix("/") { base.removeLast() }
                basePaths.append(base)
            }
        }
        basePaths.sort { $0.count > $1.count }
        var schemes: [String: OpenAPISecurityScheme] = [:]
        if let declared = top.child("components")?.child("securitySchemes") {
            for (name, _) in declared.members {
                guard let scheme = declared.child(name).flatMap(resolved) else { continue }
                schemes[name] = OpenAPISecurityScheme.read(Dictionary(scheme.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
            }
        }
        securitySchemes = schemes
        globalSecurity = top.members["security"]
        var operations: [OpenAPIOperation] = []
        // Operations whose path item had a mistake of the reader's own (not a schema's).
        var unsound: Set<String> = []
        if let paths = top.child("paths") {
            guard case let .object(entries) = paths.value else {
                throw DiagnosticList([Diagnostic("'paths' must be a mapping", at: paths.location())])
            }
            for (template, _) in entries where !template.hasPrefix("x-") {
                let before = problems.count
                guard let item = paths.child(template).flatMap(resolved) else { continue }
                guard template.hasPrefix("/") else {
                    problem("a path must start with '/': '\(template)'", at: paths.child(template) ?? paths)
                    continue
                }
                let read = readPathItem(template, item)
                if problems.count > before { unsound.formUnion(read.map(\.name)) }
                operations += read
            }
        }
        let compileProblems = compiler.problems
        let mistakes = problems + compileProblems
        if strict || mistakes.isEmpty {
            if !mistakes.isEmpty { throw DiagnosticList(mistakes) }
            return OpenAPISpec(
                path: path, version: version, basePaths: basePaths, operations: operations, firstServer: firstServer, warnings: compiler.warnings)
        }
        let places = compiler.problemPlaces
        var sound: [OpenAPIOperation] = []
        var leftOut: [(operation: OpenAPIOperation, reason: String)] = []
        for operation in operations {
            if unsound.contains(operation.name) {
                leftOut.append((operation, "its path item has a mistake (above)"))
            } else if let place = operation.schemas.lazy.compactMap({ $0.root.reached(places) }).first {
                let location = places[place].location
                leftOut.append((operation, "it uses a schema that breaks OpenAPI" + (location.map { " (at \($0.file):\($0.line):\($0.column))" } ?? "")))
            } else {
                sound.append(operation)
            }
        }
        guard !sound.isEmpty else { throw DiagnosticList(mistakes) }
        var warnings = mistakes.map { mistake in
            var warning = mistake
            warning.severity = .warning
            return warning
        }
        warnings += leftOut.map { operation, reason in
            Diagnostic("\(operation.name) is left out: \(reason); --strict refuses the spec instead", at: operation.location, severity: .warning)
        }
        return OpenAPISpec(
            path: path, version: version, basePaths: basePaths, operations: sound, firstServer: firstServer,
            warnings: compiler.warnings + warnings, leftOut: leftOut)
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    func readPathItem(_ template: String, _ item: Place) -> [OpenAPIOperation] {
        let common = readParameters(item.child("parameters"))
        var result: [OpenAPIOperation] = []
        for method in Self.methods {
            guard let place = item.child(method).flatMap(resolved) else { continue }
            var operation = OpenAPIOperation(
                method: method.uppercased(), path: template, template: PathTemplate(template),
                operationID: place.members["operationId"]?.stringValue, location: place.location())
            let own = readParameters(place.child("parameters"))
            let overridden = Set(own.map { "\($0.location) \($0.name)" })
            if case let .array(tags)? = place.members["tags"] { operation.tags = tags.compactMap(\.stringValue) }
            operation.parameters = common.filter { !overridden.contains("\($0.location) \($0.name)") } + own
            if let body = place.child("requestBody").flatMap(resolved) {
                var requestBody = readContent(body.child("content"))
                requestBody.isRequired = body.members["required"] == .bool(true)
                operation.requestBody = requestBody
            }
            operation.security = security(place.members["security"] ?? globalSecurity)
            if let responses = place.child("responses") {
                for (key, _) in responses.members where !key.hasPrefix("x-") {
                    guard let response = responses.child(key).flatMap(resolved) else { continue }
                    operation.responses.append((key, readResponse(response)))
                }
            }
            result.append(operation)
        }
        return result
    }

    /// The spec's security schemes by name, and its `security`.
    var securitySchemes: [String: OpenAPISecurityScheme] = [:]
    var globalSecurity: DecodedValue?

    /// A `security` list as alternatives of schemes; empty when it requires nothing (absent, an
    /// empty list, or an empty alternative) or names a scheme the spec does not declare.
    func security(_ value: DecodedValue?) -> [[OpenAPISecurityScheme]] {
        guard case let .array(requirements)? = value else { return [] }
        var alternatives: [[OpenAPISecurityScheme]] = []
        for requirement in requirements {
            guard case let .object(names) = requirement, !names.isEmpty else { return [] }
            let schemes = names.keys.compactMap { securitySchemes[$0] }
            guard schemes.count == names.count else { return [] }
            alternatives.append(schemes)
        }
        return alternatives
    }

    func readParameters(_ place: Place?) -> [OpenAPIParameter] {
        guard let place, case let .array(items) = place.value else { return [] }
        var result: [OpenAPIParameter] = []
        for index in items.indices {
            let entry = Place(value: items[index], document: place.document, pointer: place.pointer + "/\(index)")
            guard let parameter = resolved(entry), case let .string(name)? = parameter.members["name"],
                  case let .string(location)? = parameter.members["in"]
            else { continue }
            var schemaPlace = parameter.child("schema")
            if schemaPlace == nil, let content = parameter.child("content"), let first = content.members.keys.first {
                schemaPlace = content.child(first)?.child("schema")
            }
            result.append(OpenAPIParameter(
                name: name, location: location, isRequired: parameter.members["required"] == .bool(true) || location == "path",
                schema: schema(schemaPlace)))
        }
        return result
    }

    func readContent(_ place: Place?) -> OpenAPIBody {
        var body = OpenAPIBody()
        guard let place else { return body }
        for (mediaType, _) in place.members {
            let entry = place.child(mediaType)
            var declared = OpenAPIMediaType(mediaType: mediaType.lowercased(), schema: schema(entry?.child("schema")))
            declared.example = entry?.members["example"]
            if let examples = entry?.child("examples") {
                for (name, _) in examples.members {
                    guard let example = examples.child(name).flatMap(resolved), let value = example.members["value"] else { continue }
                    declared.examples.append((name, value))
                }
            }
            body.content.append(declared)
        }
        return body
    }

    func readResponse(_ place: Place) -> OpenAPIResponse {
        var response = OpenAPIResponse(location: place.location())
        response.body = readContent(place.child("content"))
        if let headers = place.child("headers") {
            // A `Content-Type` header is described by the content, as the specification says.
            for (name, _) in headers.members where name.lowercased() != "content-type" {
                guard let header = headers.child(name).flatMap(resolved) else { continue }
                response.headers.append(OpenAPIParameter(
                    name: name, location: "header", isRequired: header.members["required"] == .bool(true),
                    schema: schema(header.child("schema"))))
            }
        }
        if let links = place.child("links") {
            for (name, _) in links.members where !name.hasPrefix("x-") {
                guard let link = links.child(name).flatMap(resolved) else { continue }
                var target = link.members["operationId"]?.stringValue
                if target == nil, let reference = link.members["operationRef"]?.stringValue { target = "ref:" + reference }
                guard let target else { continue }
                var parameters: [(String, DecodedValue)] = []
                if case let .object(values)? = link.members["parameters"] {
                    for (parameter, value) in values { parameters.append((parameter, value)) }
                }
                response.links.append(OpenAPILink(name: name, target: target, parameters: parameters))
            }
        }
        return response
    }
}
