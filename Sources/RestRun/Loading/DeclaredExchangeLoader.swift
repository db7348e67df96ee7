import RestRunYAML

/// Reads one item of `requests:` into a `DeclaredExchange`.
struct DeclaredExchangeLoader {
    let context: LoadContext
    let decoderNames: [String]
    /// What the file's requests of each kind are checked against.
    var kindSchemas = KindSchemas()
    /// Whether the file has a `base_url`: a kind may then need no `url` of its own.
    var hasBaseURL = false

    /// The keys of a request: its own, and each kind's (`ExchangeKey`, in the kinds' file).
    enum Key: Sendable {
        /// A key every request may have.
        case common(CommonKey)
        /// The key of a kind of exchange.
        case kind(ExchangeKey)
    }

    /// The keys of a request of any kind.
    enum CommonKey: String, CaseIterable {
        case name, method, url, query, headers, auth, json, text, form, multipart, file, base64
        case decode, expect, capture, options, tags, when
        case forEach = "for_each"
        case `repeat`
    }

    static let keyLookup = KeyLookup(
        CommonKey.allCases.map { ($0.rawValue, Key.common($0)) } + ExchangeKey.allCases.map { ($0.rawValue, Key.kind($0)) })
    static let keys = keyLookup.names
    /// The most runs `repeat:` (and `--repeat`) may ask for.
    package static let maxRepeat = 100_000
    static let bodyKeys = ["json", "text", "form", "multipart", "file", "base64"]
    /// `for_each: {file: ...}`'s keys.
    static let forEachKeys = ["file"]

    /// A request's `url`, or nil (with its error reported) when it has none it may do without.
    /// The entries are read in place, with no array of them made (this runs for every request).
    private func url(of node: Node, what: @autoclosure () -> String) -> Template? {
        if let urlNode = node.pairs?.first(where: { $0.key.scalarText == "url" })?.value {
            return context.template(urlNode, "'url'")
        }
        if (hasBaseURL && kindNeedsNoURL(node)) || kindHasItsOwnAddress(node) {
            return Template(literal: "", location: context.location(node))
        }
        context.error("\(what()) needs a 'url'", at: node)
        return nil
    }

    func load(_ node: Node, index: Int) -> DeclaredStep? {
        // Named only in messages: not made for a request that has none.
        func what() -> String { "request \(index + 1)" }
        guard node.pairs != nil else {
            context.error("each item of 'requests' must be a mapping with at least 'url', found \(node.kindDescription)", at: node)
            return nil
        }
        // A request that cannot be made still has its unknown keys reported.
        func reportUnknownKeys() {
            context.forEachEntry(node, what(), keysAre: "plain names") { key, _, keyNode in
                _ = context.isAllowed(key, at: keyNode, in: what(), allowed: Self.keys)
            }
        }
        guard let url = url(of: node, what: what()) else {
            reportUnknownKeys()
            return nil
        }
        var request = DeclaredExchange(name: "", location: context.location(node), url: url)
        // What governs the step, kept apart until the request is complete (a step made now would
        // share the request's box, and each change would copy it); most requests have none.
        var conditions: [WhenCondition] = []
        var iteration: Iteration?
        var repeatCount = 1
        var bodySeen: Node?
        var expectNode: Node?
        var methodGiven = false
        context.forEachEntry(node, what(), keysAre: "plain names") { key, value, keyNode in
            // Each request has at most one body: a body key, or a kind's that is one.
            func isFirstBody() -> Bool {
                if let first = bodySeen {
                    context.error("a request has one body; '\(first.scalarText ?? "")' was given already at line \(first.mark.line)", at: keyNode)
                    return false
                }
                bodySeen = keyNode
                return true
            }
            let known: CommonKey
            switch Self.keyLookup.key(key) {
            case let .common(common)?: known = common
            case let .kind(kind)?:
                if !kind.sendsBody || isFirstBody() { loadKind(kind, value, into: &request, of: node) }
                return
            case nil:
                _ = context.isAllowed(key, at: keyNode, in: what(), allowed: Self.keys)
                return
            }
            switch known {
            case .name: request.name = context.string(value, "'name'") ?? ""
            case .method:
                guard let method = loadMethod(value) else { return }
                request.method = method
                methodGiven = true
            case .query: request.query = NamedItemsLoader(context: context, key: "'query'", itemName: "query item").load(value)
            // `auth:` may have been read already: its header stays, after the listed ones.
            case .headers: request.headers = loadHeaders(value, "'headers'", context: context) + request.headers
            case .json, .text, .form, .multipart, .file, .base64:
                if isFirstBody() { request.body = BodyLoader(context: context).load(key, value) }
            case .auth:
                if let auth = AuthLoader.load(value, context: context) {
                    request.headers.append(HeaderTemplate(auth: auth, location: context.location(keyNode)))
                }
            case .decode:
                guard let name = context.string(value, "'decode'") else { return }
                if !decoderNames.contains(name) {
                    context.error(DecoderRegistry.unknownMessage(name, known: decoderNames), at: value)
                }
                request.decoder = name
                request.decoderLocation = context.location(value)
            case .expect: ((request.expectations, request.latencyBudgets), expectNode) = (loadExpectations(value, snapshot: &request.snapshot), value)
            case .repeat:
                guard let count = context.integer(value, "'repeat'") else { return }
                guard (1...Self.maxRepeat).contains(count) else {
                    context.error("'repeat' takes a number of runs from 1 to \(Self.maxRepeat), found \(count)", at: value)
                    return
                }
                repeatCount = count
            case .when: conditions = loadConditions(value)
            case .forEach: iteration = loadIteration(value)
            case .capture: request.captures = ExpectationLoader(context: context).loadCaptures(value)
            case .options: request.options = OptionsLoader(context: context).load(value, "'options'")
            case .tags:
                guard let items = value.items else {
                    context.error("'tags' must be a list of strings, found \(value.kindDescription)", at: value)
                    return
                }
                request.tags = items.compactMap { context.string($0, "a tag") }
            case .url: break
            }
        }
        complete(&request, node: node, bodySeen: bodySeen, expect: expectNode, methodGiven: methodGiven)
        guard !conditions.isEmpty || iteration != nil || repeatCount > 1 else { return DeclaredStep(request) }
        return DeclaredStep(request, governance: DeclaredStep.Governance(conditions: conditions, iteration: iteration, repeatCount: repeatCount))
    }

    /// What a request's keys imply once all are read: its default method and name, what its
    /// kind implies, and the status it expects (`2xx` unless it says, or its kind checks its own).
    private func complete(_ request: inout DeclaredExchange, node: Node, bodySeen: Node?, expect: Node?, methodGiven: Bool) {
        completeKind(&request, node: node, bodySeen: bodySeen, expect: expect, methodGiven: methodGiven)
        if request.name.isEmpty { request.name = "\(request.method) \(request.url)" }
        checkSingleAuthorization(request.headers, context: context)
        if !kindChecksItsOwnStatus(request), !request.expectations.contains(where: { if case .status = $0.subject { true } else { false } }) {
            request.expectations.insert(
                Expectation(subject: .status, predicate: .statusClass(2), location: request.location), at: 0)
        }
    }

    /// `method:`, an HTTP method in upper case.
    private func loadMethod(_ value: Node) -> HTTPMethod? {
        guard let text = context.string(value, "'method'") else { return nil }
        guard let method = HTTPMethod(rawValue: text) else {
            let upper = text.uppercased()
            let hint = HTTPMethod(rawValue: upper) != nil ? " (methods are upper case: '\(upper)')" : ""
            context.error("'\(text)' is not an HTTP method\(hint)", at: value)
            return nil
        }
        return method
    }

    /// `expect:`: the checks of each response, and the latency budgets checked over all runs;
    /// `snapshot:` goes to `snapshot`.
    private func loadExpectations(_ value: Node, snapshot: inout SnapshotDeclaration?) -> (checks: [Expectation], budgets: [Expectation]) {
        let expectations = ExpectationLoader(context: context).load(value, snapshot: &snapshot)
        func isBudget(_ expectation: Expectation) -> Bool { if case .latency = expectation.subject { true } else { false } }
        guard expectations.contains(where: isBudget) else { return (expectations, []) }
        return (expectations.filter { !isBudget($0) }, expectations.filter(isBudget))
    }

    /// `for_each: [a, b]`, `for_each: "{{list}}"`, or `for_each: {file: data.json}` (a JSON or
    /// YAML list, or a CSV file whose first row names the fields).
    func iteration(_ node: Node) -> Iteration? { loadIteration(node) }

    func conditions(_ node: Node) -> [WhenCondition] { loadConditions(node) }

    private func loadIteration(_ node: Node) -> Iteration? {
        let location = context.location(node)
        if let items = node.items {
            return Iteration(source: .items(items.map(context.valueTemplate)), location: location)
        }
        if node.pairs != nil {
            guard let fields = context.mapping(node, "'for_each'", allowed: DeclaredExchangeLoader.forEachKeys),
                  let fileNode = fields.first(where: { $0.key == "file" })?.node,
                  let written = context.string(fileNode, "'file'")
            else {
                if node.pairs?.isEmpty == false, context.diagnostics.isEmpty {
                    context.error("'for_each' takes a list, a variable holding one (\"{{ids}}\"), or {file: data.csv}", at: node)
                }
                return nil
            }
            let path = FileSystem.path(written, relativeTo: context.source.path)
            do throws(DiagnosticList) {
                let rows = try DataFile.rows(path: path, shownAs: written)
                return Iteration(source: .data(rows, file: written), location: location)
            } catch {
                context.append(error, readFor: fileNode)
                return nil
            }
        }
        guard case .scalar = node.content, !node.isNull else {
            context.error("'for_each' takes a list, a variable holding one (\"{{ids}}\"), or {file: data.csv}", at: node)
            return nil
        }
        return Iteration(source: .value(context.valueTemplate(node)), location: location)
    }

    /// `when: {name: predicate, ...}`: variable or capture names, each with a predicate of the
    /// expectation language; all must hold.
    private func loadConditions(_ node: Node) -> [WhenCondition] {
        guard let entries = context.entries(node, "'when'") else { return [] }
        if entries.isEmpty { context.error("'when' needs at least one variable and what it must be, such as 'when: { env: staging }'", at: node) }
        var conditions: [WhenCondition] = []
        for (name, predicateNode, nameNode) in entries {
            guard TemplateParser.isVariableName(name) else {
                context.error("'\(name)' is not a variable name: 'when' checks variables and captures", at: nameNode)
                continue
            }
            guard let predicate = ExpectationLoader(context: context).predicate(predicateNode, operands: .json) else { continue }
            context.templateParser.references?.insert(name)
            conditions.append(WhenCondition(name: name, predicate: predicate, location: context.location(nameNode)))
        }
        return conditions
    }
}

/// `auth:` and an `Authorization` header at the same level contradict each other.
func checkSingleAuthorization(_ headers: [HeaderTemplate], context: LoadContext) {
    let authorizations = headers.filter { $0.name.lowercased() == "authorization" && !$0.removes }
    if authorizations.count > 1, let second = authorizations.last {
        context.append([Diagnostic("both 'auth' and an 'Authorization' header are given; keep one", at: second.location)])
    }
}
