/// An exchange as a file declares it, of any kind (`kind`): its request with templates not yet
/// resolved, its expectations and its captures. The runner resolves it into a
/// `ResolvedHTTPRequest` (a `Request`) just before sending.
@dynamicMemberLookup
package struct DeclaredExchange: Sendable {
    /// The request's fields, read and changed as its own properties (`request.name`); they live
    /// in one copy-on-write box (see `CopyOnWrite`), so a copy of a request is one retain.
    package struct DeclaredFields: Sendable {
        /// The name shown in output; default `METHOD url`.
        package var name: String
        /// Where the request starts in its file.
        package var location: SourceLocation?
        /// The method.
        package var method: HTTPMethod
        /// The URL, absolute or relative to the file's `base_url`.
        package var url: Template
        /// Query items, in order (a name may repeat).
        package var query: [QueryItemTemplate]
        /// The request's own headers; a `nil` value removes a file header.
        package var headers: [HeaderTemplate]
        /// The body.
        package var body: BodyTemplate?
        /// The decoder's name, from `decode:`.
        package var decoder: String?
        /// Where `decode:` was written.
        package var decoderLocation: SourceLocation?
        /// The checks on the response; a status check is always among them (`2xx` unless given).
        package var expectations: [Expectation]
        /// The values taken from the response.
        package var captures: [Capture]
        /// The request's options, before file defaults are applied.
        package var options: RequestOptions
        /// Tags for `--tag`.
        package var tags: [String]
        /// `expect: duration: { p95: ... }`: budgets checked once over all the request's runs.
        package var latencyBudgets: [Expectation] = []
        /// `expect: snapshot:`: the response compared with the one recorded for the request.
        package var snapshot: SnapshotDeclaration?
        /// What the request exchanges: plain HTTP, or another kind (`graphql:`, `stream:`,
        /// `websocket:`).
        package var kind = ExchangeKind.http
    }

    private final class Box: CopyOnWriteBox {
        var value: DeclaredFields
        init(_ value: DeclaredFields) { self.value = value }
    }

    private var storage: CopyOnWrite<Box>

    /// One of the request's fields (`DeclaredFields`), as a property of its own.
    package subscript<Value>(dynamicMember field: WritableKeyPath<DeclaredFields, Value>) -> Value {
        get { storage.value[keyPath: field] }
        _modify { yield &storage.value[keyPath: field] }
    }

    /// Creates a declared request.
    package init(
        name: String, location: SourceLocation? = nil, method: HTTPMethod = .get, url: Template,
        query: [QueryItemTemplate] = [], headers: [HeaderTemplate] = [], body: BodyTemplate? = nil,
        decoder: String? = nil, expectations: [Expectation] = [], captures: [Capture] = [],
        options: RequestOptions = .unset, tags: [String] = []
    ) {
        storage = CopyOnWrite(DeclaredFields(
            name: name, method: method, url: url, query: query, headers: headers, expectations: expectations,
            captures: captures, options: options, tags: tags))
        storage.value.location = location
        storage.value.body = body
        storage.value.decoder = decoder
    }

    /// What the request's checks read of a response body, worked out from its decoder,
    /// expectations and captures (one walk over them; the runner asks once a run of the request).
    package var bodyUse: BodyUse {
        BodyUse(
            decoder: self.decoder, expectations: self.expectations, captures: self.captures, kindReadsBody: kindReadsBody,
            snapshots: self.snapshot != nil)
    }

    /// Calls `visit` with every template the request reads, for checking variable names before
    /// anything is sent (no array of them is made: this runs for every request of a file).
    package func forEachTemplate(_ visit: (Template) -> Void) {
        visit(self.url)
        for item in self.query { visit(item.value) }
        for header in self.headers { header.forEachTemplate(visit) }
        self.body?.forEachTemplate(visit)
        // By index: a `for` loop would copy each whole expectation (subject, place, texts).
        let expectations = self.expectations
        for index in expectations.indices { expectations[index].predicate.forEachTemplate(visit) }
        forEachKindTemplate(visit)
    }

    /// The request with its templates resolved in `scope`.
    package func resolved(in scope: Scope) throws(Diagnostic) -> ResolvedHTTPRequest {
        var queryItems: [(String, String)] = []
        for item in self.query { queryItems.append((item.name, try item.value.render(in: scope))) }
        var body = try self.body?.resolve(in: scope)
        try resolveKind(in: scope, query: &queryItems, body: &body)
        var headerFields: [(String, String)] = []
        var removed: Set<String> = []
        var auth: RequestAuth?
        for header in self.headers {
            if let runtime = try header.requestAuth(in: scope) {
                auth = runtime
            } else if let value = try header.render(in: scope) {
                headerFields.append((header.name, value))
            } else {
                removed.insert(header.name.lowercased())
            }
        }
        return ResolvedHTTPRequest(
            name: self.name, method: self.method, url: try self.url.render(in: scope), query: queryItems, headers: headerFields,
            removedHeaders: removed, body: body, responseType: self.decoder,
            transport: self.options.transport, retry: self.options.retry, auth: auth)
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
