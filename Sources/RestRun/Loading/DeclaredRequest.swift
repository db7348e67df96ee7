/// A request as a file declares it: templates not yet resolved, with its expectations and captures.
/// The runner resolves it into a `ResolvedRequest` (a `Request`) just before sending.
package struct DeclaredRequest: Sendable {
    // The fields live in one shared box, copied only when a copy is changed: a request is copied
    // several times on its way from the loader to the runner, and copying ~20 fields each time
    // cost more than the request's own checks. Its fields are changed only through
    // `uniqueStorage()`, on a box no other request shares, so no access to one can overlap another:
    // the runtime's exclusivity check on each read (~150 instructions, ~40 reads a request) is off.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var location: SourceLocation?
        @exclusivity(unchecked) var method: HTTPMethod
        @exclusivity(unchecked) var url: Template
        @exclusivity(unchecked) var query: [QueryItemTemplate]
        @exclusivity(unchecked) var headers: [HeaderTemplate]
        @exclusivity(unchecked) var body: BodyTemplate?
        @exclusivity(unchecked) var decoder: String?
        @exclusivity(unchecked) var decoderLocation: SourceLocation?
        @exclusivity(unchecked) var expectations: [Expectation]
        @exclusivity(unchecked) var captures: [Capture]
        @exclusivity(unchecked) var options: RequestOptions
        @exclusivity(unchecked) var tags: [String]
        @exclusivity(unchecked) var conditions: [Condition] = []
        @exclusivity(unchecked) var iteration: Iteration?
        @exclusivity(unchecked) var flow: FlowUse?
        @exclusivity(unchecked) var repeatCount: Int = 1
        @exclusivity(unchecked) var latencyBudgets: [Expectation] = []
        @exclusivity(unchecked) var statisticsName: String?

        init(
            name: String, method: HTTPMethod, url: Template, query: [QueryItemTemplate], headers: [HeaderTemplate],
            expectations: [Expectation], captures: [Capture], options: RequestOptions, tags: [String]
        ) {
            self.name = name
            self.method = method
            self.url = url
            self.query = query
            self.headers = headers
            self.expectations = expectations
            self.captures = captures
            self.options = options
            self.tags = tags
        }

        func copy() -> Storage {
            let copy = Storage(
                name: name, method: method, url: url, query: query, headers: headers, expectations: expectations,
                captures: captures, options: options, tags: tags)
            copy.location = location
            copy.body = body
            copy.decoder = decoder
            copy.decoderLocation = decoderLocation
            copy.conditions = conditions
            copy.iteration = iteration
            copy.flow = flow
            copy.repeatCount = repeatCount
            copy.latencyBudgets = latencyBudgets
            copy.statisticsName = statisticsName
            return copy
        }
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The name shown in output; default `METHOD url`.
    package var name: String {
        get { storage.name }
        _modify { yield &uniqueStorage().name }
    }
    /// Where the request starts in its file.
    package var location: SourceLocation? {
        get { storage.location }
        _modify { yield &uniqueStorage().location }
    }
    /// The method.
    package var method: HTTPMethod {
        get { storage.method }
        _modify { yield &uniqueStorage().method }
    }
    /// The URL, absolute or relative to the file's `base_url`.
    package var url: Template {
        get { storage.url }
        _modify { yield &uniqueStorage().url }
    }
    /// Query items, in order (a name may repeat).
    package var query: [QueryItemTemplate] {
        get { storage.query }
        _modify { yield &uniqueStorage().query }
    }
    /// The request's own headers; a `nil` value removes a file header.
    package var headers: [HeaderTemplate] {
        get { storage.headers }
        _modify { yield &uniqueStorage().headers }
    }
    /// The body.
    package var body: BodyTemplate? {
        get { storage.body }
        _modify { yield &uniqueStorage().body }
    }
    /// The decoder's name, from `decode:`.
    package var decoder: String? {
        get { storage.decoder }
        _modify { yield &uniqueStorage().decoder }
    }
    /// Where `decode:` was written.
    package var decoderLocation: SourceLocation? {
        get { storage.decoderLocation }
        _modify { yield &uniqueStorage().decoderLocation }
    }
    /// The checks on the response; a status check is always among them (`2xx` unless given).
    package var expectations: [Expectation] {
        get { storage.expectations }
        _modify { yield &uniqueStorage().expectations }
    }
    /// The values taken from the response.
    package var captures: [Capture] {
        get { storage.captures }
        _modify { yield &uniqueStorage().captures }
    }
    /// The request's options, before file defaults are applied.
    package var options: RequestOptions {
        get { storage.options }
        _modify { yield &uniqueStorage().options }
    }
    /// Tags for `--tag`.
    package var tags: [String] {
        get { storage.tags }
        _modify { yield &uniqueStorage().tags }
    }
    /// `when:`: the request runs only if every condition holds.
    package var conditions: [Condition] {
        get { storage.conditions }
        _modify { yield &uniqueStorage().conditions }
    }
    /// `for_each:`: the list the request runs over, once per item.
    package var iteration: Iteration? {
        get { storage.iteration }
        _modify { yield &uniqueStorage().iteration }
    }
    /// `use:`: this step runs a flow file's requests instead of sending a request itself.
    package var flow: FlowUse? {
        get { storage.flow }
        _modify { yield &uniqueStorage().flow }
    }
    /// `repeat:`: how many times the request is sent in a row; its runs make one result.
    package var repeatCount: Int {
        get { storage.repeatCount }
        _modify { yield &uniqueStorage().repeatCount }
    }
    /// `expect: duration: { p95: ... }`: budgets checked once over all the request's runs.
    package var latencyBudgets: [Expectation] {
        get { storage.latencyBudgets }
        _modify { yield &uniqueStorage().latencyBudgets }
    }
    /// The name its runs are counted under for latency: `name` without a `for_each` item's label.
    package var statisticsName: String? {
        get { storage.statisticsName }
        _modify { yield &uniqueStorage().statisticsName }
    }

    /// Creates a declared request.
    package init(
        name: String, location: SourceLocation? = nil, method: HTTPMethod = .get, url: Template,
        query: [QueryItemTemplate] = [], headers: [HeaderTemplate] = [], body: BodyTemplate? = nil,
        decoder: String? = nil, expectations: [Expectation] = [], captures: [Capture] = [],
        options: RequestOptions = RequestOptions(), tags: [String] = []
    ) {
        storage = Storage(
            name: name, method: method, url: url, query: query, headers: headers, expectations: expectations,
            captures: captures, options: options, tags: tags)
        storage.location = location
        storage.body = body
        storage.decoder = decoder
    }

    /// What the request's checks read of a response body, worked out from its decoder,
    /// expectations and captures (one walk over them; the runner asks once a run of the request).
    package var bodyUse: BodyUse {
        BodyUse(decoder: decoder, expectations: expectations, captures: captures)
    }

    /// Calls `visit` with every template the request reads, for checking variable names before
    /// anything is sent (no array of them is made: this runs for every request of a file).
    package func forEachTemplate(_ visit: (Template) -> Void) {
        visit(url)
        for item in query { visit(item.value) }
        for header in headers { header.forEachTemplate(visit) }
        body?.forEachTemplate(visit)
        // By index: a `for` loop would copy each whole expectation (subject, place, texts).
        let expectations = self.expectations
        for index in expectations.indices { expectations[index].predicate.forEachTemplate(visit) }
        let conditions = self.conditions
        for index in conditions.indices { conditions[index].predicate.forEachTemplate(visit) }
        if let flow { for argument in flow.arguments { argument.value.forEachTemplate(visit) } }
        if let iteration {
            switch iteration.source {
            case let .items(items): for item in items { item.forEachTemplate(visit) }
            case let .value(value): value.forEachTemplate(visit)
            case .data: break
            }
        }
    }

    /// The request with its templates resolved in `scope`.
    package func resolved(in scope: Scope) throws(Diagnostic) -> ResolvedRequest {
        var queryItems: [(String, String)] = []
        for item in query { queryItems.append((item.name, try item.value.render(in: scope))) }
        var headerFields: [(String, String)] = []
        var removed: Set<String> = []
        for header in headers {
            if let value = try header.render(in: scope) {
                headerFields.append((header.name, value))
            } else {
                removed.insert(header.name.lowercased())
            }
        }
        return ResolvedRequest(
            name: name, method: method, url: try url.render(in: scope), query: queryItems, headers: headerFields,
            removedHeaders: removed, body: try body?.resolve(in: scope), responseType: decoder,
            transport: options.transport, retry: options.retry)
    }
}

extension Predicate {
    /// Calls `visit` with every template inside the predicate's operands.
    func forEachTemplate(_ visit: (Template) -> Void) {
        switch self {
        case let .equals(value), let .notEquals(value), let .compare(_, value), let .contains(value),
             let .startsWith(value), let .endsWith(value):
            value.forEachTemplate(visit)
        case let .oneOf(values): for value in values { value.forEachTemplate(visit) }
        case let .count(inner), let .not(inner): inner.forEachTemplate(visit)
        case let .all(predicates): for predicate in predicates { predicate.forEachTemplate(visit) }
        case .matches, .exists, .type, .statusClass, .schema: break
        }
    }
}
