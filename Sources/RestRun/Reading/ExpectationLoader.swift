import RestRunYAML

/// Reads `expect:` and `capture:` mappings: subjects, predicates and capture sources.
struct ExpectationLoader {
    let context: LoadContext

    static let keys = ["status", "headers", "json", "body", "duration", "schema", "version", "events", "first_event", "trailers", "snapshot"]
        + kindKeys
    /// Keys a kind of exchange reads itself (a gRPC call's status and its message): passed over here.
    static let kindKeys = ["grpc_status", "grpc_message", "mcp_error", "rpc_error", "notifications"]
    static let captureKeys = ["json", "header", "trailer", "regex", "status", "body", "cookie", "events", "secret"]

    func load(_ node: Node) -> [Expectation] {
        var snapshot: SnapshotDeclaration?
        return load(node, snapshot: &snapshot)
    }

    /// The checks of `node`, an `expect:` mapping, with its `snapshot:` put in `snapshot`.
    func load(_ node: Node, snapshot: inout SnapshotDeclaration?) -> [Expectation] {
        var result: [Expectation] = []
        result.reserveCapacity(node.pairs.map { $0.count + 2 } ?? 0)
        context.forEachEntry(node, "'expect'", keysAre: "plain names") { key, value, keyNode in
            guard context.isAllowed(key, at: keyNode, in: "'expect'", allowed: Self.keys) else { return }
            switch key {
            case "status":
                if let predicate = statusPredicate(value) {
                    result.append(Expectation(subject: .status, predicate: predicate, location: context.location(keyNode)))
                }
            case "headers":
                context.forEachEntry(value, "'headers'") { name, predicateNode, nameNode in
                    if let predicate = predicate(predicateNode, operands: .json) {
                        result.append(Expectation(subject: .header(name), predicate: predicate, location: context.location(nameNode)))
                    }
                }
            case "json":
                context.forEachEntry(value, "'json'") { path, predicateNode, pathNode in
                    guard let jsonPath = parsePath(path, node: pathNode) else { return }
                    if let predicate = predicate(predicateNode, operands: .json) {
                        result.append(Expectation(subject: .json(jsonPath), predicate: predicate, location: context.location(pathNode)))
                    }
                }
            case "body":
                if let predicate = predicate(value, operands: .json) {
                    result.append(Expectation(subject: .body, predicate: predicate, location: context.location(keyNode)))
                }
            case "duration" where value.pairs?.contains(where: { LatencyStatistic.looksLikeOne($0.key.scalarText ?? "") }) == true:
                result += budgets(value, of: .duration)
            case "duration":
                if let predicate = predicate(value, operands: .duration) {
                    result.append(Expectation(subject: .duration, predicate: predicate, location: context.location(keyNode)))
                }
            case "events":
                context.forEachEntry(value, "'events'") { path, predicateNode, pathNode in
                    guard let jsonPath = parsePath(path, node: pathNode) else { return }
                    if let predicate = predicate(predicateNode, operands: .json) {
                        result.append(Expectation(subject: .events(jsonPath), predicate: predicate, location: context.location(pathNode)))
                    }
                }
            case "first_event" where value.pairs?.contains(where: { LatencyStatistic.looksLikeOne($0.key.scalarText ?? "") }) == true:
                result += budgets(value, of: .firstEvent)
            case "first_event":
                if let predicate = predicate(value, operands: .duration) {
                    result.append(Expectation(subject: .firstEvent, predicate: predicate, location: context.location(keyNode)))
                }
            case "version":
                if let predicate = predicate(value, operands: .text) {
                    result.append(Expectation(subject: .version, predicate: predicate, location: context.location(keyNode)))
                }
            case "schema":
                if let check = schemaCheck(value) {
                    result.append(Expectation(subject: .decodedBody, predicate: .schema(check), location: context.location(keyNode)))
                }
            case "snapshot":
                snapshot = self.snapshot(value)
            case "trailers":
                context.forEachEntry(value, "'trailers'") { name, predicateNode, nameNode in
                    if let predicate = predicate(predicateNode, operands: .json) {
                        result.append(Expectation(subject: .trailer(name), predicate: predicate, location: context.location(nameNode)))
                    }
                }
            default: break
            }
        }
        return result
    }

    /// `snapshot: true`, or `snapshot: {ignore: [JSONPath, ...], headers: [name, ...]}`; nil for
    /// `false` and for one with mistakes (reported).
    private func snapshot(_ value: Node) -> SnapshotDeclaration? {
        var declaration = SnapshotDeclaration()
        guard value.pairs != nil else {
            guard case let .bool(on)? = context.expanded(value).scalarValue else {
                context.error(
                    "'snapshot' must be true, false, or a mapping with 'ignore' and 'headers', found \(value.kindDescription)", at: value)
                return nil
            }
            return on ? declaration : nil
        }
        var valid = true
        for (key, list, _) in context.mapping(value, "'snapshot'", allowed: ["ignore", "headers"]) ?? [] {
            guard let items = list.items else {
                context.error("'\(key)' must be a list, found \(list.kindDescription)", at: list)
                valid = false
                continue
            }
            for item in items {
                guard let text = context.string(item, "each item of '\(key)'") else { valid = false; continue }
                if key == "ignore" {
                    if let path = parsePath(text, node: item) { declaration.ignore.append(path) } else { valid = false }
                } else if HeaderName.isValid(text) {
                    declaration.headers.append(text)
                } else {
                    context.error("'\(text)' is not a header name", at: item)
                    valid = false
                }
            }
        }
        return valid ? declaration : nil
    }

    /// `duration: { p95: { "<": 300ms }, max: { "<": 1s } }`: budgets over all runs of the request.
    private func budgets(_ node: Node, of measure: LatencyMeasure) -> [Expectation] {
        var result: [Expectation] = []
        let what = "'\(measure.key)'"
        for (key, value, keyNode) in context.entries(node, what) ?? [] {
            guard let statistic = LatencyStatistic(key) else {
                var message = Predicate.operatorNames.contains(key)
                    ? "\(what) holds either a predicate or budgets per statistic, not both: put '\(key)' under a statistic such as p95"
                    : "unknown statistic '\(key)'"
                if !Predicate.operatorNames.contains(key), let suggestion = Suggestion.closest(to: key, in: LatencyStatistic.examples) {
                    message += " (did you mean '\(suggestion)'?)"
                }
                context.error(message, at: keyNode, notes: ["statistics: a percentile p1 to p100 (p50, p90, p95, p99, p99.9), max, mean, min"])
                continue
            }
            if let predicate = predicate(value, operands: .duration) {
                result.append(Expectation(subject: .latency(statistic, measure), predicate: predicate, location: context.location(keyNode)))
            }
        }
        return result
    }

    func parsePath(_ text: String, node: Node) -> JSONPath? {
        if let parsed = context.parsedPaths[text] { return parsed }
        do {
            let path = try JSONPath(text)
            context.parsedPaths[text] = path
            return path
        } catch {
            let offset = (node.scalarStyle?.isQuoted == true ? 1 : 0) + error.offset
            context.append([Diagnostic("invalid JSONPath '\(text)': \(error.message)", at: context.source.location(node.mark, offset: offset))])
            return nil
        }
    }

    /// `200`, `[200, 204]`, `"2xx"`, or a predicate mapping.
    private func statusPredicate(_ node: Node) -> Predicate? {
        switch node.content {
        case .scalar:
            if case let .integer(code)? = node.scalarValue { return .equals(.value(.integer(code))) }
            if let text = node.scalarText, text.count == 3, text.hasSuffix("xx"), let digit = Int(text.prefix(1)), (1...5).contains(digit) {
                return .statusClass(digit)
            }
            context.error("'status' must be a code such as 200, a list of codes, or a class such as 2xx, found '\(node.scalarText ?? "")'", at: node)
            return nil
        case let .sequence(items):
            var codes: [ValueTemplate] = []
            codes.reserveCapacity(items.count)
            for item in items {
                if let code = context.integer(item, "a status in the list") { codes.append(.value(.integer(code))) }
            }
            return codes.count == items.count ? .oneOf(codes) : nil
        case .mapping:
            return predicate(node, operands: .json)
        }
    }

    /// How operands are read.
    enum Operands {
        case json
        case duration
        /// A scalar's text, whatever YAML reads it as: `version: 2` is the string "2".
        case text
    }

    /// What a key of a predicate mapping is.
    enum PredicateKey: Sendable {
        case equals, notEquals, compare(Predicate.ComparisonOperator), contains, startsWith, endsWith, matches
        case exists, type, count, oneOf, not, schema
    }

    /// The keys of a predicate mapping, as `Predicate.operatorNames` lists them.
    static let predicateKeys = KeyLookup<PredicateKey>(
        [("==", .equals), ("equals", .equals), ("!=", .notEquals)]
            + Predicate.ComparisonOperator.allCases.map { ($0.rawValue, .compare($0)) }
            + [("contains", .contains), ("starts_with", .startsWith), ("ends_with", .endsWith), ("matches", .matches),
               ("exists", .exists), ("type", .type), ("count", .count), ("one_of", .oneOf), ("not", .not), ("schema", .schema)])

    /// A plain value (equals) or a mapping of predicate operators that must all hold.
    func predicate(_ node: Node, operands: Operands) -> Predicate? {
        guard let pairs = node.pairs else { return .equals(operand(node, operands)) }
        // Most mappings hold one operator: no array is made for it.
        var first: Predicate?
        var predicates: [Predicate] = []
        func add(_ predicate: Predicate) {
            if first == nil { first = predicate } else { predicates.append(predicate) }
        }
        for pair in pairs {
            let value = pair.value
            let name = pair.key.scalarText ?? ""
            // One lookup decides what the key is; anything it does not know is reported.
            switch Self.predicateKeys.key(name) {
            case .equals?: add(.equals(operand(value, operands)))
            case .notEquals?: add(.notEquals(operand(value, operands)))
            case let .compare(op)?: add(.compare(op, operand(value, operands)))
            case .contains?: add(.contains(operand(value, .json)))
            case .startsWith?: add(.startsWith(operand(value, .json)))
            case .endsWith?: add(.endsWith(operand(value, .json)))
            case .matches?:
                guard let pattern = context.string(value, "'matches'") else { continue }
                do {
                    add(.matches(try TextPattern(pattern)))
                } catch {
                    context.error("invalid regular expression '\(pattern)': \(error)", at: value)
                }
            case .exists?:
                if let exists = context.bool(value, "'exists'") { add(.exists(exists)) }
            case .type?:
                guard let type = context.string(value, "'type'") else { continue }
                guard Predicate.typeNames.contains(type) else {
                    var message = "unknown type '\(type)'"
                    if let suggestion = Suggestion.closest(to: type, in: Predicate.typeNames) { message += " (did you mean '\(suggestion)'?)" }
                    context.error(message + "; types are " + Predicate.typeNames.joined(separator: ", "), at: value)
                    continue
                }
                add(.type(type))
            case .count?:
                if let inner = predicate(value, operands: .json) { add(.count(inner)) }
            case .oneOf?:
                guard let items = value.items else {
                    context.error("'one_of' must be a list, found \(value.kindDescription)", at: value)
                    continue
                }
                add(.oneOf(items.map { operand($0, operands) }))
            case .not?:
                if let inner = predicate(value, operands: operands) { add(.not(inner)) }
            case .schema?:
                if let check = schemaCheck(value) { add(.schema(check)) }
            case nil:
                let name = pair.key.scalarText ?? pair.key.kindDescription
                var message = "unknown predicate '\(name)'"
                if let suggestion = Suggestion.closest(to: name, in: Predicate.operatorNames) { message += " (did you mean '\(suggestion)'?)" }
                context.error(message, at: pair.key, notes: [
                    "predicates: " + Predicate.operatorNames.joined(separator: " "),
                    "to compare with an object, write 'equals: {...}'",
                ])
            }
        }
        guard let first else {
            if pairs.isEmpty { context.error("an empty mapping is not a predicate", at: node) }
            return nil
        }
        return predicates.isEmpty ? first : .all([first] + predicates)
    }

    /// `schema: {file: PATH[#/pointer]}` (or just the path), or a schema written inline; compiled
    /// now, so a mistake in it is a load error at its line.
    func schemaCheck(_ node: Node) -> SchemaCheck? {
        var path: String?
        var isBoolean = false
        if case .bool? = node.scalarValue { isBoolean = true }
        if case .scalar = node.content, !isBoolean {
            path = context.string(node, "'schema'")
            if path == nil { return nil }
        } else if let pairs = node.pairs, pairs.count == 1, pairs[0].key.scalarText == "file" {
            path = context.string(pairs[0].value, "'file'")
            if path == nil { return nil }
        }
        do throws(DiagnosticList) {
            guard let path else {
                let schema = try context.schemas.schema(inline: node, source: context.source)
                return SchemaCheck(schema: schema, name: "the schema at line \(node.mark.line)")
            }
            let (file, pointer) = Self.splitFragment(path)
            if let scheme = SchemaURI(file).scheme, scheme.count > 1 {
                throw DiagnosticList([Diagnostic(
                    "schemas are read from files: rest-run never fetches '\(file)'; save it next to the request file and name its path",
                    at: context.location(node))])
            }
            let full = FileSystem.path(file, relativeTo: context.source.path)
            let schema = try context.schemas.schema(file: full, pointer: pointer)
            return SchemaCheck(schema: schema, name: "the schema in \(file)" + (pointer.isEmpty ? "" : "#" + pointer))
        } catch {
            context.append(error, readFor: node, because: "used by the schema at")
            return nil
        }
    }

    /// `file.yaml#/pointer` as the file and the percent-decoded pointer.
    static func splitFragment(_ reference: String) -> (file: String, pointer: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), URLBuilder.decode(String(reference[reference.index(after: hash)...])))
    }

    private func operand(_ node: Node, _ operands: Operands) -> ValueTemplate {
        switch operands {
        case .json:
            return context.valueTemplate(node)
        case .duration:
            guard let duration = context.duration(node, "a duration") else { return .value(.null) }
            return .value(.number(duration.milliseconds))
        case .text:
            guard let text = context.expanded(node).scalarText else { return context.valueTemplate(node) }
            return .value(.string(text))
        }
    }

    // MARK: Captures

    func loadCaptures(_ node: Node) -> [Capture] {
        var captures: [Capture] = []
        context.forEachEntry(node, "'capture'") { name, value, nameNode in
            if let capture = capture(name, value, nameNode: nameNode) { captures.append(capture) }
        }
        return captures
    }

    private func capture(_ name: String, _ value: Node, nameNode: Node) -> Capture? {
        guard TemplateParser.isVariableName(name) else {
            context.error("'\(name)' is not a variable name: use letters, digits, '_', '-' and '.'", at: nameNode)
            return nil
        }
        let location = context.location(nameNode)
        if let text = value.scalarText, value.pairs == nil {
            guard text.hasPrefix("$") else {
                context.error(
                    "a capture is a JSONPath starting with '$', or a mapping with one of json, header, regex, status, body, cookie",
                    at: value)
                return nil
            }
            return parsePath(text, node: value).map { Capture(name: name, source: .json($0), location: location) }
        }
        guard let fields = context.mapping(value, "capture '\(name)'", allowed: Self.captureKeys) else { return nil }
        var source: Capture.Source?
        var secret = false
        for (key, field, keyNode) in fields {
            if key == "secret" {
                secret = context.bool(field, "'secret'") ?? false
                continue
            }
            if source != nil {
                context.error("capture '\(name)' has more than one source", at: keyNode)
                continue
            }
            switch key {
            case "json":
                guard let text = context.string(field, "'json'") else { continue }
                source = parsePath(text, node: field).map(Capture.Source.json)
            case "header": source = context.string(field, "'header'").map(Capture.Source.header)
            case "trailer": source = context.string(field, "'trailer'").map(Capture.Source.trailer)
            case "events":
                guard let text = context.string(field, "'events'") else { continue }
                source = parsePath(text, node: field).map(Capture.Source.events)
            case "cookie": source = context.string(field, "'cookie'").map(Capture.Source.cookie)
            case "regex":
                guard let pattern = context.string(field, "'regex'") else { continue }
                do {
                    source = .regex(try CapturePattern(pattern))
                } catch {
                    context.error("invalid regular expression '\(pattern)': \(error)", at: field)
                }
            case "status", "body":
                if context.bool(field, "'\(key)'") == true { source = key == "status" ? .status : .body }
            default: break
            }
        }
        guard let source else {
            if !fields.contains(where: { $0.key != "secret" }) {
                context.error("capture '\(name)' needs a source: json, header, regex, status, body or cookie", at: value)
            }
            return nil
        }
        return Capture(name: name, source: source, isSecret: secret, location: location)
    }
}
